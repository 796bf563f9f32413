import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { DetailContext } from '../../../../machines/detail';
import { type OrderDetail, orderDetailMachine } from '../../../../machines/orderDetail';
import { englishOf } from '../../../../machines/text';
import { orderDetailPlan } from '../../../support/accountPaths';
import { type MachinePath, pathPlan } from '../../../support/paths';
import { responseFor } from '../../auth/replay';
import { heldOperation } from '../../auth/support';
import { ok, renderApp, SIGNED_IN } from '../../support';
import * as replays from '../../support/replays';

/**
 * The order page's generated paths: the fetch's result is the answer to GET /orders/{id}; RETRY
 * and PRINT (Print receipt, window.print) are clicks.
 */

const paths = pathPlan(orderDetailMachine, orderDetailPlan).paths;

const offScreen = {
  ...replays.cancelledPaths(
    paths,
    'fetchOrder',
    'The page was left while loading: nothing is left to show the cancelled fetch.',
  ),
  ...Object.fromEntries(
    paths
      .filter((path) => path.steps.some(({ event }) => event.type === 'RELOAD'))
      .map((path) => [path.name, 'The order page offers no reload: nothing on it changes the order.']),
  ),
};

const page = () => screen.getByRole('region', { name: 'Order' });

async function replayOrder(path: MachinePath) {
  const print = vi.spyOn(window, 'print').mockImplementation(() => {});
  const fetch = heldOperation('get', '/orders/:id');
  const view = renderApp({ path: '/account/orders/31', storage: SIGNED_IN, handlers: [fetch.handler] });
  await view.ready();
  const actor: AnyActorRef = view.app.system.get('orderDetail');
  expect(await within(page()).findByText('Loading the order...')).toBeInTheDocument();
  let prints = 0;
  for (const { event, state } of replays.stepsOf(path)) {
    const context = state.context as unknown as DetailContext<OrderDetail>;
    if (replays.isDone(event, 'fetchOrder'))
      await fetch.answer(ok(replays.payload(event).output as OrderDetail));
    else if (replays.isError(event, 'fetchOrder'))
      await fetch.answer(responseFor(replays.payload(event).error));
    else if (event.type === 'RETRY')
      await view.user.click(within(page()).getByRole('button', { name: 'Try again' }));
    else if (event.type === 'PRINT') {
      prints += 1;
      await view.user.click(within(page()).getByRole('button', { name: 'Print receipt' }));
    } else throw new Error(`no screen action for ${event.type}`);
    await waitFor(() => expect(actor.getSnapshot().value).toBe(state.value));
    if (state.value === 'loading') {
      expect(await within(page()).findByText('Loading the order...')).toBeInTheDocument();
    } else if (state.value === 'notFound') {
      expect(
        await within(page()).findByRole('heading', { name: 'There is no such order.' }),
      ).toBeInTheDocument();
      expect(within(page()).queryByRole('button', { name: 'Print receipt' })).not.toBeInTheDocument();
    } else if (state.value === 'error') {
      expect(await within(page()).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
      if (context.error !== null)
        expect(within(page()).getByText(englishOf(context.error))).toBeInTheDocument();
    } else {
      const order = context.detail as OrderDetail;
      expect(await within(page()).findByRole('heading', { name: `Order #${order.id}` })).toBeInTheDocument();
      const lines = within(page()).getByRole('table');
      for (const line of order.lines) expect(within(lines).getByText(line.title)).toBeInTheDocument();
      // The card's charge in its currency beside the coins.
      expect(within(page()).getByText(/Charged to the card.*€29\.99/)).toBeInTheDocument();
      expect(within(page()).getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
    }
    expect(print).toHaveBeenCalledTimes(prints);
  }
  print.mockRestore();
}

describe('orderDetail paths on the order page', () => {
  replays.replayEach(paths, offScreen, replayOrder);
});
