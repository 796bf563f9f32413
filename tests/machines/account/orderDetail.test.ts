import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { orderDetailMachine, orderDetailMessages } from '../../../machines/orderDetail';
import { orderDetail, orderDetailPlan } from '../../support/accountPaths';
import { notFound } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from './support';

describePaths('orderDetail paths', pathPlan(orderDetailMachine, orderDetailPlan));

const input = { id: 31 };

describe('orderDetail', () => {
  it('loads the order, then shows it; a 404 (none, or another customer’s) is notFound', () => {
    expect(run(orderDetailMachine, input, [doneEvent('fetchOrder', orderDetail())]).snapshot.value).toBe(
      'shown',
    );
    expect(run(orderDetailMachine, input, [errorEvent('fetchOrder', notFound)]).snapshot.value).toBe(
      'notFound',
    );
    const failed = run(orderDetailMachine, input, [errorEvent('fetchOrder', new Error('x'))]).snapshot;
    expect(failed.context.error).toEqual(orderDetailMessages.failed);
  });

  it('PRINT runs the print action while the order is shown, only then', async () => {
    const print = vi.fn();
    const actor = createActor(
      orderDetailMachine.provide({
        actors: { fetchOrder: fromPromise(async () => orderDetail()) },
        actions: { print },
      }),
      { input },
    ).start();
    actor.send({ type: 'PRINT' });
    expect(print).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('shown'));
    actor.send({ type: 'PRINT' });
    expect(print).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
