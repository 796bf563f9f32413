import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect } from 'vitest';
import { type Order, ordersMachine, ordersOnPage, pageCountOf } from '../../../../machines/orders';
import { englishOf, type Text } from '../../../../machines/text';
import { ordersPlan } from '../../../support/accountPaths';
import { type MachinePath, pathPlan } from '../../../support/paths';
import { responseFor } from '../../auth/replay';
import { heldOperation } from '../../auth/support';
import { ok, renderApp, SIGNED_IN } from '../../support';
import { cancelledPaths, isDone, isError, payload, replayEach, stepsOf } from '../../support/replays';

/**
 * #15: the orders machine's generated paths on the order history tab: each fetch's result is the
 * answer to GET /purchase/history (held until the step gives it), RETRY and PAGE are clicks.
 */

const paths = pathPlan(ordersMachine, ordersPlan).paths;

const offScreen = cancelledPaths(
  paths,
  'fetchOrders',
  'The tab was left while loading: nothing is left to show the cancelled fetch.',
);

const history = () => screen.getByRole('region', { name: 'Order history' });

async function replayOrders(path: MachinePath) {
  const fetch = heldOperation('get', '/purchase/history');
  const view = renderApp({ path: '/account/order-history', storage: SIGNED_IN, handlers: [fetch.handler] });
  await view.ready();
  expect(await within(history()).findByText('Loading orders...')).toBeInTheDocument();

  for (const { event, state } of stepsOf(path)) {
    if (isDone(event, 'fetchOrders')) await fetch.answer(ok(payload(event).output));
    else if (isError(event, 'fetchOrders')) await fetch.answer(responseFor(payload(event).error));
    else if (event.type === 'RETRY')
      await view.user.click(within(history()).getByRole('button', { name: 'Try again' }));
    else if (event.type === 'PAGE')
      await view.user.click(within(history()).getByRole('button', { name: `Page ${payload(event).page}` }));
    else throw new Error(`no screen action for ${event.type}`);

    const { orders, page, error } = state.context as { orders: Order[]; page: number; error: Text | null };
    if (state.value === 'loading') {
      expect(await within(history()).findByText('Loading orders...')).toBeInTheDocument();
      expect(within(history()).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    } else if (state.value === 'empty') {
      expect(await within(history()).findByRole('heading', { name: 'No orders found' })).toBeInTheDocument();
      expect(within(history()).getByRole('link', { name: 'Start Shopping' })).toBeInTheDocument();
    } else if (state.value === 'filled') {
      const shown = ordersOnPage(orders, page);
      await waitFor(() => expect(within(history()).getAllByRole('row')).toHaveLength(shown.length + 1));
      for (const order of shown)
        expect(within(history()).getByText(order.items[0]?.title ?? '')).toBeInTheDocument();
      expect(within(history()).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(
        pageCountOf(orders),
      );
      expect(within(history()).getByRole('button', { name: `Page ${page}` })).toHaveAttribute(
        'aria-current',
        'page',
      );
    } else {
      expect(await within(history()).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
      if (error !== null) expect(within(history()).getByText(englishOf(error))).toBeInTheDocument();
      expect(within(history()).queryByRole('table')).not.toBeInTheDocument();
    }
  }
  expect(fetch.requests).toBe(1 + stepsOf(path).filter((step) => step.event.type === 'RETRY').length);
}

describe('orders paths on the order history tab', () => {
  replayEach(paths, offScreen, replayOrders);
});
