import { describe, expect, it } from 'vitest';
import {
  canSettle,
  deliveriesMessages,
  deliveriesPath,
  deliveryActionMachine,
  NO_DELIVERIES_SEARCH,
  operatorDeliveriesMachine,
} from '../../../machines/operator/deliveries';
import { failureMessages } from '../../../machines/text';
import { deliveriesPlan, delivery, deliveryActionPlan, deliveryChanged } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run, serverError } from '../forms/support';

describePaths('operatorDeliveries paths', pathPlan(operatorDeliveriesMachine, deliveriesPlan));
describePaths('deliveryAction paths', pathPlan(deliveryActionMachine, deliveryActionPlan));

const failed = { ...NO_DELIVERIES_SEARCH, state: 'failed' as const };
const found = doneEvent('findDeliveries', { rows: [delivery(9), delivery(8)], more: false });

describe('operatorDeliveries', () => {
  it("loads the address's filters; SEARCH goes to the typed ones", () => {
    const typed = run(operatorDeliveriesMachine, failed, [
      found,
      { type: 'CHANGE', field: 'game_server_id', value: '2' },
      { type: 'CHANGE', field: 'player', value: ' Steve ' },
      { type: 'SEARCH' },
    ]);
    expect(typed.snapshot.value).toBe('filled');
    expect(typed.emitted).toEqual([
      { type: 'navigate', to: '/operator/deliveries?state=failed&game_server_id=2&player=Steve' },
    ]);
    expect(deliveriesPath({ ...NO_DELIVERIES_SEARCH, order_id: '42' })).toBe(
      '/operator/deliveries?order_id=42',
    );
  });

  it('ROW shows a changed delivery in place; RELOAD reads the list again', () => {
    const changed = run(operatorDeliveriesMachine, failed, [
      found,
      { type: 'ROW', row: delivery(8, { state: 'queued', attempt: 2 }) },
    ]).snapshot;
    expect(changed.context.rows.map((row) => [row.id, row.state, row.attempt])).toEqual([
      [9, 'failed', 1],
      [8, 'queued', 2],
    ]);
    expect(run(operatorDeliveriesMachine, failed, [found, { type: 'RELOAD' }]).snapshot.value).toBe(
      'loading',
    );
    const failedLoad = run(operatorDeliveriesMachine, failed, [errorEvent('findDeliveries', serverError)]);
    expect(failedLoad.snapshot.context.error).toEqual(failureMessages.server);
  });

  it('only failed and uncertain deliveries can be requeued or resolved', () => {
    expect(['queued', 'leased', 'done', 'failed', 'uncertain'].filter((s) => canSettle(s as never))).toEqual([
      'failed',
      'uncertain',
    ]);
  });
});

describe('deliveryAction', () => {
  it('requeue: an optional note, a confirmation, then the call with the trimmed note', () => {
    const asked = run(deliveryActionMachine, undefined, [
      { type: 'REQUEUE', delivery: delivery(9) },
      { type: 'CHANGE', field: 'note', value: ' Server was down ' },
      { type: 'SUBMIT' },
    ]).snapshot;
    expect(asked.value).toEqual({ confirming: 'asking' });
    const sent = run(deliveryActionMachine, undefined, [
      { type: 'REQUEUE', delivery: delivery(9) },
      { type: 'CHANGE', field: 'note', value: ' Server was down ' },
      { type: 'SUBMIT' },
      { type: 'CONFIRM' },
    ]).snapshot;
    expect(sent.value).toEqual({ confirming: 'sending' });
    expect(sent.children.changeDelivery).toBeDefined();
    const done = run(deliveryActionMachine, undefined, [
      { type: 'REQUEUE', delivery: delivery(9) },
      { type: 'SUBMIT' },
      { type: 'CONFIRM' },
      doneEvent('changeDelivery', delivery(9, { state: 'queued', attempt: 2 })),
    ]).snapshot;
    expect(done.value).toBe('closed');
    expect(done.context.values).toEqual({ outcome: '', note: '' });
  });

  it('resolve: needs the outcome and a note; BACK returns to the form with what was typed', () => {
    const empty = run(deliveryActionMachine, undefined, [
      { type: 'RESOLVE', delivery: delivery(9) },
      { type: 'SUBMIT' },
    ]).snapshot;
    expect(empty.value).toBe('editing');
    expect(empty.context.errors).toEqual({ outcome: deliveriesMessages.outcomeRequired });
    const noNote = run(deliveryActionMachine, undefined, [
      { type: 'RESOLVE', delivery: delivery(9) },
      { type: 'CHANGE', field: 'outcome', value: 'done' },
      { type: 'CHANGE', field: 'note', value: '  ' },
      { type: 'SUBMIT' },
    ]).snapshot;
    expect(noNote.context.errors).toEqual({ note: deliveriesMessages.noteRequired });
    const back = run(deliveryActionMachine, undefined, [
      { type: 'RESOLVE', delivery: delivery(9) },
      { type: 'CHANGE', field: 'outcome', value: 'failed' },
      { type: 'CHANGE', field: 'note', value: 'x'.repeat(1001) },
      { type: 'SUBMIT' },
    ]).snapshot;
    expect(back.context.errors).toEqual({ note: deliveriesMessages.noteLength });
    const returned = run(deliveryActionMachine, undefined, [
      { type: 'RESOLVE', delivery: delivery(9) },
      { type: 'CHANGE', field: 'outcome', value: 'failed' },
      { type: 'CHANGE', field: 'note', value: 'Not in game' },
      { type: 'SUBMIT' },
      { type: 'BACK' },
    ]).snapshot;
    expect(returned.value).toBe('editing');
    expect(returned.context.values).toEqual({ outcome: 'failed', note: 'Not in game' });
  });

  it('the same form opened again keeps what was typed; another delivery starts empty', () => {
    const typed = [
      { type: 'RESOLVE', delivery: delivery(9) },
      { type: 'CHANGE', field: 'note', value: 'Looked' },
      { type: 'CANCEL' },
    ] as const;
    expect(
      run(deliveryActionMachine, undefined, [...typed, { type: 'RESOLVE', delivery: delivery(9) }]).snapshot
        .context.values.note,
    ).toBe('Looked');
    expect(
      run(deliveryActionMachine, undefined, [...typed, { type: 'RESOLVE', delivery: delivery(8) }]).snapshot
        .context.values.note,
    ).toBe('');
    expect(
      run(deliveryActionMachine, undefined, [...typed, { type: 'REQUEUE', delivery: delivery(9) }]).snapshot
        .context.values.note,
    ).toBe('');
  });

  it("a 409 shows the server's message with nothing typed lost; other failures too", () => {
    for (const failure of [deliveryChanged, serverError]) {
      const refused = run(deliveryActionMachine, undefined, [
        { type: 'RESOLVE', delivery: delivery(9) },
        { type: 'CHANGE', field: 'outcome', value: 'done' },
        { type: 'CHANGE', field: 'note', value: 'Has vip' },
        { type: 'SUBMIT' },
        { type: 'CONFIRM' },
        errorEvent('changeDelivery', failure),
      ]).snapshot;
      expect(refused.value).toBe('editing');
      expect(refused.context.values).toEqual({ outcome: 'done', note: 'Has vip' });
      expect(refused.context.formError).not.toBeNull();
    }
  });
});
