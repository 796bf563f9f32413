import { assign, fromPromise, sendTo, setup } from 'xstate';
import { failureKind, isSilentFailure } from '../domain/api-failure';
import type { components } from '../domain/contract';
import { isProviderPage } from './checkout';
import { defineMessages, failureText, type MessageText, type Text, withValues } from './text';
import { toast } from './toasts';

export type Order = components['schemas']['Order'];

/** docs/product.md §9: orders per page. */
export const ORDERS_PER_PAGE = 5;

export const ordersMessages = defineMessages({
  fetchFailed: { id: 'account.orders.error.fetch', defaultMessage: 'Failed to fetch order history' },
  payFailed: {
    id: 'orders.pay.failed',
    defaultMessage: 'The payment could not be opened. Please try again.',
  },
  cancelFailed: {
    id: 'orders.cancel.failed',
    defaultMessage: 'The order could not be cancelled. Please try again.',
  },
  pay: { id: 'orders.pay', defaultMessage: 'Pay now' },
  payNamed: { id: 'orders.pay.named', defaultMessage: 'Pay order #{id} now' },
  paying: { id: 'orders.pay.opening', defaultMessage: 'Opening the payment…' },
  cancel: { id: 'orders.cancel', defaultMessage: 'Cancel order' },
  cancelNamed: { id: 'orders.cancel.named', defaultMessage: 'Cancel order #{id}' },
  cancelling: { id: 'orders.cancel.running', defaultMessage: 'Cancelling…' },
  expires: { id: 'orders.expires', defaultMessage: 'Pay by {time}, or it is cancelled.' },
  cancelled: {
    id: 'orders.cancel.done',
    defaultMessage: 'The order is cancelled. Its items are back in your cart.',
  },
});

/** What became of an order in game (ADR 0031), as the order history says it. */
export const deliveryMessages = defineMessages({
  delivered: { id: 'orders.delivery.delivered', defaultMessage: 'Delivered to {player}' },
  deliveredAt: { id: 'orders.delivery.deliveredAt', defaultMessage: 'Delivered to {player} on {time}' },
  waiting: { id: 'orders.delivery.waiting', defaultMessage: 'Waiting for {player} to join {server}' },
  queued: { id: 'orders.delivery.queued', defaultMessage: 'Queued for {player}' },
  attention: { id: 'orders.delivery.attention', defaultMessage: 'Needs attention (we are on it)' },
});

export type OrderDelivery = Order['delivery'];

/**
 * The order's delivery line: null when it delivers nothing in game. `time` is the delivery time as
 * the page formats it.
 */
export function deliveryText(delivery: OrderDelivery, time?: string): Text | null {
  const player = delivery.player ?? '';
  switch (delivery.status) {
    case 'none':
      return null;
    case 'delivered':
      return time === undefined
        ? withValues(deliveryMessages.delivered, { player })
        : withValues(deliveryMessages.deliveredAt, { player, time });
    case 'waiting':
      return withValues(deliveryMessages.waiting, { player, server: delivery.server ?? '' });
    case 'queued':
      return withValues(deliveryMessages.queued, { player });
    case 'attention':
      return deliveryMessages.attention;
  }
}

/** A delivery still on its way to the game (ADR 0031): the list is loaded again until it settles. */
export const deliveryUnderway = (orders: readonly Order[]): boolean =>
  orders.some((order) => order.delivery.status === 'queued' || order.delivery.status === 'waiting');

/**
 * How long the list waits before it looks at deliveries on their way again: every 5 s for the first
 * minute (an agent delivers a paid order within seconds), then every 30 s (a player who has not
 * joined yet may take hours).
 */
export const deliveryPollMs = (polls: number): number => (polls < 12 ? 5_000 : 30_000);

export const pageCountOf = (orders: readonly Order[]): number =>
  Math.max(1, Math.ceil(orders.length / ORDERS_PER_PAGE));

/** The orders of `page` (1-based). */
export const ordersOnPage = (orders: readonly Order[], page: number): Order[] =>
  orders.slice((page - 1) * ORDERS_PER_PAGE, page * ORDERS_PER_PAGE);

/** Card orders waiting for their payment: what the cart offers to pay or cancel (ADR 0028). */
export const awaitingPayment = (orders: readonly Order[]): Order[] =>
  orders.filter((order) => order.can_pay || order.can_cancel);

export interface OrdersContext {
  orders: Order[];
  page: number;
  error: Text | null;
  /** The order being paid or cancelled. */
  acting: number | null;
  /** Why paying or cancelling an order did not go through. */
  actionError: Text | null;
  /** How often the list was loaded again for deliveries on their way. */
  polls: number;
}

export type OrdersEvent =
  | { type: 'PAGE'; page: number }
  | { type: 'RETRY' }
  /** Pay a pending card order: back to the provider's page of its payment. */
  | { type: 'PAY'; orderId: number }
  /** Cancel a pending card order: its lines go back into the cart. */
  | { type: 'CANCEL'; orderId: number };

export interface OrderAction {
  orderId: number;
}

/** Failures that mean the order is no longer what the list shows (paid, expired, gone): load it again. */
const STALE = new Set(['conflict', 'not-found']);

/** What the customer can do with the list on screen: turn pages, pay or cancel a pending order. */
const listActions = {
  PAGE: { guard: 'onAPage', actions: 'turnPage' },
  PAY: { guard: 'payable', target: 'paying', actions: 'startActing' },
  CANCEL: { guard: 'cancellable', target: 'cancelling', actions: 'startActing' },
} as const;

/** A failed pay or cancel: the list is loaded again when the order changed meanwhile (409/404). */
const actionFailed = (fallback: MessageText) =>
  [
    { guard: 'stale', target: 'loading', actions: { type: 'failAction', params: { fallback } } },
    { target: 'filled', actions: { type: 'failAction', params: { fallback } } },
  ] as const;

export const ordersMachine = setup({
  types: {
    context: {} as OrdersContext,
    events: {} as OrdersEvent,
  },
  actors: {
    /** GET /purchase/history: every order of the customer, newest first. */
    fetchOrders: fromPromise<Order[]>(async () => {
      throw new Error('fetchOrders is not provided');
    }),
    /** POST /orders/{id}/pay: the provider's page of the order's payment. */
    payOrder: fromPromise<{ redirectUrl: string }, OrderAction>(async () => {
      throw new Error('payOrder is not provided');
    }),
    /** POST /orders/{id}/cancel. */
    cancelOrder: fromPromise<void, OrderAction>(async () => {
      throw new Error('cancelOrder is not provided');
    }),
  },
  actions: {
    /** Leaves the app for the payment provider's page: provided by bootstrap (window.location). */
    followRedirect: (_, _params: { url: string }) => {},
    refreshCart: sendTo(({ system }) => system.get('cart'), { type: 'REFRESH' as const }),
    announceCancelled: toast('success', ordersMessages.cancelled),
    markCancelled: assign({
      orders: ({ context }) =>
        context.orders.map((order) =>
          order.id === context.acting
            ? {
                ...order,
                status: 'cancelled' as const,
                payment_id: null,
                expires_at: null,
                can_pay: false,
                can_cancel: false,
              }
            : order,
        ),
    }),
    turnPage: assign({ page: ({ context, event }) => (event.type === 'PAGE' ? event.page : context.page) }),
    startActing: assign({
      acting: ({ context, event }) =>
        event.type === 'PAY' || event.type === 'CANCEL' ? event.orderId : context.acting,
      actionError: null,
    }),
    stopActing: assign({ acting: null }),
    failAction: assign(({ event }, params: { fallback: Text }) => ({
      acting: null,
      actionError: failureText('error' in event ? event.error : undefined, params.fallback as never),
    })),
  },
  delays: {
    deliveryPoll: ({ context }) => deliveryPollMs(context.polls),
  },
  guards: {
    underway: ({ context }) => deliveryUnderway(context.orders),
    none: ({ event }) => 'output' in event && (event.output as Order[]).length === 0,
    onAPage: ({ context, event }) =>
      event.type === 'PAGE' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= pageCountOf(context.orders) &&
      event.page !== context.page,
    payable: ({ context, event }) =>
      event.type === 'PAY' && context.orders.some((order) => order.id === event.orderId && order.can_pay),
    cancellable: ({ context, event }) =>
      event.type === 'CANCEL' &&
      context.orders.some((order) => order.id === event.orderId && order.can_cancel),
    providerPage: (_, params: { url: string }) => isProviderPage(params.url),
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
    /** 403 unverified: the session sends the customer to verify. */
    unverified: ({ event }) => 'error' in event && failureKind(event.error) === 'unverified',
    stale: ({ event }) => 'error' in event && STALE.has(failureKind(event.error) ?? ''),
  },
}).createMachine({
  id: 'orders',
  description: [
    "The customer's orders, for the order history tab (docs/product.md §2, §4 'Order list: loading, empty, filled') and",
    "the cart's orders waiting for payment (ADR 0028): the route's loader starts it and it fetches every order",
    "once ('Loading orders...'), then shows 'No orders found' (empty) or pages of 5 (filled). PAGE {page} turns",
    "to another existing page. A failure shows the server's or client's message or 'Failed to fetch order",
    "history'; RETRY fetches again. A cancelled fetch (leaving the tab) shows nothing. PAY {orderId} on an",
    "order that can be paid sends POST /orders/{id}/pay and the browser follows the provider's page",
    '(redirecting). CANCEL {orderId} on a pending order sends POST /orders/{id}/cancel: the order shows',
    "cancelled, the cart is refreshed (its lines are back) and 'The order is cancelled. Its items are back in",
    "your cart.' is shown. A 409 or 404 (the order was paid, expired or is gone meanwhile) shows the server's",
    'message and loads the orders again; other failures show their message; a cancelled request nothing.',
    'While a delivery to the game is queued or waiting for its player (ADR 0031), the list is loaded again',
    'in the background (refreshing: every 5 s for a minute, then every 30 s) until every delivery has settled;',
    'a failed background load keeps the list and tries again later.',
  ].join(' '),
  context: { orders: [], page: 1, error: null, acting: null, actionError: null, polls: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchOrders',
        src: 'fetchOrders',
        onDone: [
          { guard: 'none', target: 'empty', actions: assign({ orders: [], page: 1 }) },
          {
            target: 'filled',
            actions: assign({
              orders: ({ event }) => event.output,
              page: ({ context, event }) => Math.min(context.page, pageCountOf(event.output)),
            }),
          },
        ],
        onError: [
          { guard: 'silent', target: 'error' },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => failureText(event.error, ordersMessages.fetchFailed) }),
          },
        ],
      },
    },
    empty: {},
    filled: {
      after: { deliveryPoll: { guard: 'underway', target: 'refreshing' } },
      on: listActions,
    },
    refreshing: {
      description: 'The list stays on screen while it is loaded again for the deliveries on their way.',
      entry: assign({ polls: ({ context }) => context.polls + 1 }),
      invoke: {
        id: 'refreshOrders',
        src: 'fetchOrders',
        onDone: {
          target: 'filled',
          actions: assign({
            orders: ({ event }) => event.output,
            page: ({ context, event }) => Math.min(context.page, pageCountOf(event.output)),
          }),
        },
        onError: 'filled',
      },
      on: listActions,
    },
    paying: {
      tags: ['busy'],
      invoke: {
        id: 'payOrder',
        src: 'payOrder',
        input: ({ context }) => ({ orderId: context.acting ?? 0 }),
        onDone: [
          {
            guard: { type: 'providerPage', params: ({ event }) => ({ url: event.output.redirectUrl }) },
            target: 'redirecting',
            actions: { type: 'followRedirect', params: ({ event }) => ({ url: event.output.redirectUrl }) },
          },
          {
            target: 'filled',
            actions: assign({ acting: null, actionError: ordersMessages.payFailed }),
          },
        ],
        onError: [
          { guard: 'silent', target: 'filled', actions: 'stopActing' },
          { guard: 'unverified', target: 'filled', actions: 'stopActing' },
          ...actionFailed(ordersMessages.payFailed),
        ],
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ orderId: context.acting ?? 0 }),
        onDone: {
          target: 'filled',
          actions: ['markCancelled', 'refreshCart', 'announceCancelled', 'stopActing'],
        },
        onError: [
          { guard: 'silent', target: 'filled', actions: 'stopActing' },
          ...actionFailed(ordersMessages.cancelFailed),
        ],
      },
    },
    redirecting: {
      tags: ['busy'],
      description: "The browser is on its way to the payment provider's page.",
    },
    error: {
      on: {
        RETRY: { target: 'loading', actions: assign({ error: null }) },
      },
    },
  },
});
