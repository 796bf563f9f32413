import { describe, expect, it } from 'vitest';
import { dayRange, validDay } from '../../../domain/days';
import {
  NO_ORDERS_SEARCH,
  operatorOrdersMachine,
  ordersMessages,
  ordersPath,
} from '../../../machines/operator/orders';
import { failureMessages } from '../../../machines/text';
import { manyOrders, order, ordersPlan } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { cancelled, run, serverError } from '../forms/support';

describePaths('operatorOrders paths', pathPlan(operatorOrdersMachine, ordersPlan));

const found = (count: number, more = false) => doneEvent('findOrders', { rows: manyOrders(count), more });
const paid = { ...NO_ORDERS_SEARCH, status: 'paid' as const };

describe('operatorOrders (the search list the audit log shares, machines/operator/searchList.ts)', () => {
  it("loads the address's filters; none is empty, any is filled", () => {
    const start = run(operatorOrdersMachine, paid, []).snapshot;
    expect(start.value).toBe('loading');
    expect(start.context.draft).toEqual(paid);
    expect(run(operatorOrdersMachine, paid, [found(0)]).snapshot.value).toBe('empty');
    expect(run(operatorOrdersMachine, paid, [found(3)]).snapshot.context.rows.map((o) => o.id)).toEqual([
      203, 202, 201,
    ]);
  });

  it('SEARCH goes to the address of the typed filters, trimmed and only those set; the same ones load again', () => {
    const typed = run(operatorOrdersMachine, NO_ORDERS_SEARCH, [
      found(1),
      { type: 'CHANGE', field: 'q', value: ' Steve Stone ' },
      { type: 'CHANGE', field: 'status', value: 'paid' },
      { type: 'CHANGE', field: 'until', value: '2026-05-01' },
      { type: 'SEARCH' },
    ]);
    expect(typed.emitted).toEqual([
      { type: 'navigate', to: '/operator/orders?q=Steve%20Stone&status=paid&until=2026-05-01' },
    ]);
    const again = run(operatorOrdersMachine, paid, [found(3), { type: 'SEARCH' }]);
    expect(again.emitted).toEqual([]);
    expect(again.snapshot.value).toBe('loading');
    expect(ordersPath(NO_ORDERS_SEARCH)).toBe('/operator/orders');
  });

  it('MORE appends the next page while more follow; its failure keeps the list with a message', () => {
    const next = run(operatorOrdersMachine, paid, [
      found(2, true),
      { type: 'MORE' },
      doneEvent('findOrdersMore', { rows: [order(50)], more: false }),
    ]).snapshot;
    expect(next.context.rows.map((o) => o.id)).toEqual([202, 201, 50]);
    expect(run(operatorOrdersMachine, paid, [found(2), { type: 'MORE' }]).snapshot.value).toBe('filled');
    const failed = run(operatorOrdersMachine, paid, [
      found(2, true),
      { type: 'MORE' },
      errorEvent('findOrdersMore', serverError),
    ]).snapshot;
    expect(failed.value).toBe('filled');
    expect(failed.context.moreError).toEqual(failureMessages.server);
  });

  it('a failed load shows its message and RETRY loads again; a cancelled one shows nothing', () => {
    const failed = run(operatorOrdersMachine, paid, [errorEvent('findOrders', new Error('boom'))]).snapshot;
    expect(failed.context.error).toEqual(ordersMessages.failed);
    expect(
      run(operatorOrdersMachine, paid, [errorEvent('findOrders', serverError), { type: 'RETRY' }]).snapshot
        .value,
    ).toBe('loading');
    expect(
      run(operatorOrdersMachine, paid, [errorEvent('findOrders', cancelled)]).snapshot.context.error,
    ).toBeNull();
  });

  it('days: real dates only; until includes its whole day', () => {
    expect(validDay('2026-02-29')).toBeNull();
    expect(validDay('2026-02-28')).toBe('2026-02-28');
    expect(dayRange('2026-04-30', '2026-04-30')).toEqual({
      from: '2026-04-30T00:00:00.000Z',
      until: '2026-05-01T00:00:00.000Z',
    });
    expect(dayRange('', 'x')).toEqual({});
  });
});
