import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { ApiFailure } from '../../../../domain/api-failure';
import {
  deliveryText,
  type Order,
  type OrdersContext,
  ordersMachine,
  ordersOnPage,
  pageCountOf,
} from '../../../../machines/orders';
import { englishOf, type Text } from '../../../../machines/text';
import { ordersPlan } from '../../../support/accountPaths';
import { type MachinePath, pathPlan } from '../../../support/paths';
import { responseFor } from '../../auth/replay';
import { heldOperation } from '../../auth/support';
import { ok, renderApp, SIGNED_IN } from '../../support';
import * as replays from '../../support/replays';

/**
 * The orders machine's generated paths on the order history tab: each fetch's result is the
 * answer to GET /purchase/history (held until the step gives it), RETRY and PAGE are clicks. ADR
 * 0028: PAY and CANCEL are the order's 'Pay now' and 'Cancel order', answered by POST
 * /orders/{id}/pay and /cancel held the same way.
 */

const paths = pathPlan(ordersMachine, ordersPlan).paths;

const offScreen = {
  ...replays.cancelledPaths(
    paths,
    'fetchOrders',
    'The tab was left while loading: nothing is left to show the cancelled fetch.',
  ),
  ...replays.cancelledPaths(
    paths,
    'payOrder',
    'Only leaving the tab aborts the request: nothing is left to show.',
  ),
  ...replays.cancelledPaths(
    paths,
    'cancelOrder',
    'Only leaving the tab aborts the request: nothing is left to show.',
  ),
};

const history = () => screen.getByRole('region', { name: 'Order history' });

/** The followRedirect of the orders screen (window.location.assign in the app), watched. */
function watchPageLoads(view: ReturnType<typeof renderApp>): string[] {
  const loads: string[] = [];
  view.app.system.inspect((inspection) => {
    if (inspection.type !== '@xstate.action' || inspection.action.type !== 'followRedirect') return;
    loads.push((inspection.action.params as { url: string }).url);
  });
  return loads;
}

async function replayOrders(path: MachinePath) {
  const fetch = heldOperation('get', '/purchase/history');
  const pay = heldOperation('post', '/orders/:id/pay');
  const cancel = heldOperation('post', '/orders/:id/cancel');
  const view = renderApp({
    path: '/account/order-history',
    storage: SIGNED_IN,
    handlers: [fetch.handler, pay.handler, cancel.handler],
  });
  await view.ready();
  const notices = replays.watchNotices(view);
  const loads = watchPageLoads(view);
  const ordersActor: AnyActorRef = view.app.system.get('orders');
  expect(await within(history()).findByText('Loading orders...')).toBeInTheDocument();

  let fetches = 1;
  for (const { event, state } of replays.stepsOf(path)) {
    const context = state.context as unknown as OrdersContext;
    if (replays.isDone(event, 'fetchOrders') || replays.isDone(event, 'refreshOrders'))
      await fetch.answer(ok(replays.payload(event).output));
    else if (replays.isError(event, 'refreshOrders'))
      await fetch.answer(responseFor(replays.payload(event).error));
    else if (event.type.startsWith('xstate.after.')) {
      // The time passing: the delay's own event, sent instead of waiting 5 s per path.
      fetches += 1;
      ordersActor.send(event);
    } else if (replays.isError(event, 'fetchOrders'))
      await fetch.answer(responseFor(replays.payload(event).error));
    else if (event.type === 'RETRY') {
      fetches += 1;
      await view.user.click(within(history()).getByRole('button', { name: 'Try again' }));
    } else if (event.type === 'PAGE')
      await view.user.click(
        within(history()).getByRole('button', { name: `Page ${replays.payload(event).page}` }),
      );
    else if (event.type === 'PAY')
      await view.user.click(
        within(history()).getByRole('button', { name: `Pay order #${replays.payload(event).orderId} now` }),
      );
    else if (event.type === 'CANCEL')
      await view.user.click(
        within(history()).getByRole('button', { name: `Cancel order #${replays.payload(event).orderId}` }),
      );
    else if (replays.isDone(event, 'payOrder')) {
      const { redirectUrl } = replays.payload(event).output as { redirectUrl: string };
      await pay.answer(
        HttpResponse.json({ status: 'OK' as const, redirect_url: redirectUrl, order_id: 120 }),
      );
    } else if (replays.isError(event, 'payOrder'))
      await pay.answer(responseFor(replays.payload(event).error));
    else if (replays.isDone(event, 'cancelOrder'))
      await cancel.answer(HttpResponse.json({ status: 'OK' as const, cart: [], message: 'Cancelled' }));
    else if (replays.isError(event, 'cancelOrder'))
      await cancel.answer(responseFor(replays.payload(event).error));
    else throw new Error(`no screen action for ${event.type}`);
    if (
      (replays.isError(event, 'payOrder') || replays.isError(event, 'cancelOrder')) &&
      ['conflict', 'not-found'].includes((replays.payload(event).error as ApiFailure).kind)
    )
      fetches += 1;

    if (
      replays.isError(event, 'payOrder') &&
      (replays.payload(event).error as ApiFailure).kind === 'unverified'
    ) {
      // The session takes over the 403: the customer is asked to verify first.
      await waitFor(() => expect(view.location()).toMatch(/^\/email-verification\?redirect=/));
      return;
    }
    // The live screen is where the path recorded it; texts compared as the customer reads them.
    const seen = (snapshot: { value: unknown; context: OrdersContext }) => ({
      value: snapshot.value,
      orders: snapshot.context.orders.map((order) => [order.id, order.status, order.can_pay]),
      page: snapshot.context.page,
      acting: snapshot.context.acting,
      error: snapshot.context.error && englishOf(snapshot.context.error),
      actionError: snapshot.context.actionError && englishOf(snapshot.context.actionError),
    });
    await waitFor(() =>
      expect(seen(ordersActor.getSnapshot())).toEqual(seen({ value: state.value, context })),
    );
    const { orders, page, error, acting, actionError } = context;
    const live = ordersActor.getSnapshot().context as OrdersContext;
    if (actionError !== null)
      expect(
        await within(history()).findByText(englishOf(live.actionError ?? actionError)),
      ).toBeInTheDocument();
    else if (state.value !== 'error') expect(within(history()).queryByRole('alert')).toBeNull();
    if (state.value === 'loading') {
      expect(await within(history()).findByText('Loading orders...')).toBeInTheDocument();
      expect(within(history()).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    } else if (state.value === 'empty') {
      expect(await within(history()).findByRole('heading', { name: 'No orders found' })).toBeInTheDocument();
      expect(within(history()).getByRole('link', { name: 'Start Shopping' })).toBeInTheDocument();
    } else if (state.value === 'error') {
      expect(await within(history()).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
      const liveError = (ordersActor.getSnapshot().context as OrdersContext).error;
      if (error !== null)
        expect(within(history()).getByText(englishOf(liveError ?? error))).toBeInTheDocument();
      expect(within(history()).queryByRole('table')).not.toBeInTheDocument();
    } else {
      const shown = ordersOnPage(orders, page);
      await waitFor(() => expect(within(history()).getAllByRole('row')).toHaveLength(shown.length + 1));
      for (const order of shown) expectRow(order, acting, state.value as string);
      // One page needs no page buttons.
      const pages = pageCountOf(orders);
      expect(within(history()).queryAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(
        pages > 1 ? pages : 0,
      );
      if (state.value === 'redirecting')
        expect(loads).toEqual(['/api/sandbox/pay/pay_5K2m9QeX1tZ8?key=Xq2v']);
    }
    if (replays.isDone(event, 'cancelOrder')) {
      await waitFor(() =>
        expect(notices).toContain('The order is cancelled. Its items are back in your cart.'),
      );
    }
  }
  expect(fetch.requests).toBe(fetches);
}

/** A row of the table: its title, its status, and Pay now / Cancel order while it waits for payment. */
function expectRow(order: Order, acting: number | null, value: string) {
  const row = within(history())
    .getByText(order.items[0]?.title ?? '')
    .closest('tr') as HTMLElement;
  const status = {
    pending: 'Pending',
    paid: 'Paid',
    failed: 'Failed',
    cancelled: 'Cancelled',
    expired: 'Expired',
  };
  expect(within(row).getByText(status[order.status])).toBeInTheDocument();
  const payButton = within(row).queryByRole('button', { name: /^Pay order #\d+ now$|Opening the payment…/ });
  const cancelButton = within(row).queryByRole('button', { name: /^Cancel order #\d+$|Cancelling…/ });
  const delivery = row.querySelector('.order-delivery');
  if (order.delivery.status === 'none') expect(delivery).toBeNull();
  else if (order.delivery.status === 'delivered')
    expect(delivery).toHaveTextContent(/^Delivered to Steve on /);
  else expect(delivery).toHaveTextContent(englishOf(deliveryText(order.delivery) as Text));
  expect(payButton !== null).toBe(order.can_pay);
  expect(cancelButton !== null).toBe(order.can_cancel);
  if (acting === order.id && (value === 'paying' || value === 'redirecting'))
    expect(payButton).toHaveTextContent('Opening the payment…');
  if (acting === order.id && value === 'cancelling') expect(cancelButton).toHaveTextContent('Cancelling…');
}

describe('orders paths on the order history tab', () => {
  replays.replayEach(paths, offScreen, replayOrders);
});
