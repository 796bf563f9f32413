import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { parseSignedAmount } from '../../../domain/money-text';
import {
  type AdjustmentAnswer,
  type AdjustmentRequest,
  adjustmentMessages,
  balanceAdjustmentMachine,
} from '../../../machines/operator/balanceAdjustment';
import { attemptKey, reasonMessages } from '../../../machines/operator/keyedForm';
import { verbatim } from '../../../machines/text';
import { ADJUSTMENT_INPUT, adjustmentPlan, beyondBalance } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { cancelled, run, serverError } from '../forms/support';

describePaths('balanceAdjustment paths', pathPlan(balanceAdjustmentMachine, adjustmentPlan));

const typed = (amount: string, reason: string) => [
  { type: 'CHANGE', field: 'amount', value: amount },
  { type: 'CHANGE', field: 'reason', value: reason },
];
const answer = { message: 'The balance was adjusted.', balance: 3750 };

/** The request the form sent last (the adjustBalance actor's input). */
const sentRequest = (events: readonly { type: string }[]) => {
  const { snapshot } = run(balanceAdjustmentMachine, ADJUSTMENT_INPUT, [...events]);
  return { amount: snapshot.context.values.amount, key: attemptKey(snapshot.context), snapshot };
};

describe('parseSignedAmount', () => {
  it('reads signed coins with up to 2 decimals, never 0', () => {
    expect(parseSignedAmount('25', 2)).toBe(2500);
    expect(parseSignedAmount('-12.50', 2)).toBe(-1250);
    expect(parseSignedAmount('+0,05', 2)).toBe(5);
    for (const text of ['0', '-0', '', '-', '1.234', '12a', '--5', '- 5'])
      expect(parseSignedAmount(text, 2)).toBeNull();
  });
});

describe('balanceAdjustment rules', () => {
  it.each([
    ['', 'Charged twice', { amount: adjustmentMessages.amountRequired }],
    ['0', 'Charged twice', { amount: adjustmentMessages.amountFormat }],
    ['12.345', 'Charged twice', { amount: adjustmentMessages.amountFormat }],
    ['-12.50', '   ', { reason: reasonMessages.reasonRequired }],
    ['-12.50', 'x'.repeat(501), { reason: reasonMessages.reasonLength }],
  ])('amount %j, reason %.20j…: the first broken rule at its field', (amount, reason, errors) => {
    const { snapshot } = run(balanceAdjustmentMachine, ADJUSTMENT_INPUT, [
      ...typed(amount, reason),
      { type: 'SUBMIT' },
    ]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.errors).toEqual(errors);
  });
});

describe('balanceAdjustment: sending, and its Idempotency-Key', () => {
  it('sends the signed minor units, the trimmed reason and the attempt’s key', async () => {
    const requests: AdjustmentRequest[] = [];
    const actor = createActor(
      balanceAdjustmentMachine.provide({
        actors: {
          adjustBalance: fromPromise<AdjustmentAnswer, AdjustmentRequest>(async ({ input }) => {
            requests.push(input);
            throw serverError;
          }),
        },
      }),
      { input: ADJUSTMENT_INPUT },
    ).start();
    for (const event of typed(' -12.50 ', ' Charged twice ')) actor.send(event as never);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.stop();
    const first = { customerId: 7, amount: -1250, reason: 'Charged twice', idempotencyKey: 'seed-1' };
    expect(requests).toEqual([first, first]);
  });

  it('a retry of the same values keeps the key; a change after a send takes a new one', () => {
    const refused = [
      ...typed('-12.50', 'Charged twice'),
      { type: 'SUBMIT' },
      errorEvent('adjustBalance', serverError),
    ];
    const retried = sentRequest([...refused, { type: 'SUBMIT' }]);
    expect(retried.snapshot.value).toBe('sending');
    expect(retried.key).toBe('seed-1');
    const changed = sentRequest([
      ...refused,
      { type: 'CHANGE', field: 'amount', value: '-10' },
      { type: 'SUBMIT' },
    ]);
    expect(changed.key).toBe('seed-2');
    // Typing before anything was sent keeps the first key.
    expect(sentRequest([...typed('5', 'a'), ...typed('6', 'b'), { type: 'SUBMIT' }]).key).toBe('seed-1');
  });

  it('success empties the form, takes a new key, announces it and reloads the customer', () => {
    const { snapshot, sent } = run(balanceAdjustmentMachine, ADJUSTMENT_INPUT, [
      ...typed('-12.50', 'Charged twice'),
      { type: 'SUBMIT' },
      doneEvent('adjustBalance', answer),
    ]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.values).toEqual({ amount: '', reason: '' });
    expect(attemptKey(snapshot.context)).toBe('seed-2');
    expect(sent).toEqual([
      { to: 'toasts', event: { type: 'SHOW', kind: 'success', text: verbatim('The balance was adjusted.') } },
      { to: 'operatorCustomer', event: { type: 'RELOAD' } },
    ]);
  });

  it('a debit beyond the balance shows the API’s message at the amount; nothing typed is lost', () => {
    const { snapshot } = run(balanceAdjustmentMachine, ADJUSTMENT_INPUT, [
      ...typed('-99', 'Charged twice'),
      { type: 'SUBMIT' },
      errorEvent('adjustBalance', beyondBalance),
    ]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.errors).toEqual({ amount: verbatim('The balance is only 12.50 coins.') });
    expect(snapshot.context.values).toEqual({ amount: '-99', reason: 'Charged twice' });
  });

  it('a cancelled call shows nothing', () => {
    const { snapshot } = run(balanceAdjustmentMachine, ADJUSTMENT_INPUT, [
      ...typed('5', 'a'),
      { type: 'SUBMIT' },
      errorEvent('adjustBalance', cancelled),
    ]);
    expect(snapshot.context).toMatchObject({ errors: {}, formError: null });
  });
});
