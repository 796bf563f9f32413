import { describe, expect, it } from 'vitest';
import { operatorOrderMachine, orderMessages, refundableOf } from '../../../machines/operator/order';
import { notFound, order, orderDetail, orderPlan } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run, serverError } from '../forms/support';

describePaths('operatorOrder paths', pathPlan(operatorOrderMachine, orderPlan));

const input = { id: 42 };

describe('operatorOrder', () => {
  it('loads the order, then shows it; a 404 is notFound; another failure its message', () => {
    expect(run(operatorOrderMachine, input, [doneEvent('fetchOrder', orderDetail())]).snapshot.value).toBe(
      'shown',
    );
    expect(run(operatorOrderMachine, input, [errorEvent('fetchOrder', notFound)]).snapshot.value).toBe(
      'notFound',
    );
    const failed = run(operatorOrderMachine, input, [errorEvent('fetchOrder', new Error('x'))]).snapshot;
    expect(failed.context.error).toEqual(orderMessages.failed);
  });

  it('RELOAD reads it again while it stays shown; a failed reload keeps it', () => {
    const loaded = [doneEvent('fetchOrder', orderDetail()), { type: 'RELOAD' }];
    const reloaded = run(operatorOrderMachine, input, [
      ...loaded,
      doneEvent('refetchOrder', orderDetail({ refunded: 500 })),
    ]).snapshot;
    expect(reloaded.context.detail?.order.refunded).toBe(500);
    const kept = run(operatorOrderMachine, input, [
      ...loaded,
      errorEvent('refetchOrder', serverError),
    ]).snapshot;
    expect(kept.value).toBe('shown');
    expect(kept.context.detail?.order.refunded).toBe(0);
  });

  it('what is left to refund: the total less the refunds, only for a paid order', () => {
    expect(refundableOf(order(1, { total: 1000, refunded: 400 }))).toBe(600);
    expect(refundableOf(order(1, { total: 1000, refunded: 1000 }))).toBe(0);
    expect(refundableOf(order(1, { status: 'pending' }))).toBe(0);
  });
});
