import { assign, fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../domain/api-failure';
import type { components } from '../domain/contract';
import { defineMessages, failureText, type Text } from './text';

export type Order = components['schemas']['Order'];

/** SPEC §9: orders per page. */
export const ORDERS_PER_PAGE = 5;

export const ordersMessages = defineMessages({
  fetchFailed: { id: 'account.orders.error.fetch', defaultMessage: 'Failed to fetch order history' },
});

export const pageCountOf = (orders: readonly Order[]): number =>
  Math.max(1, Math.ceil(orders.length / ORDERS_PER_PAGE));

/** The orders of `page` (1-based). */
export const ordersOnPage = (orders: readonly Order[], page: number): Order[] =>
  orders.slice((page - 1) * ORDERS_PER_PAGE, page * ORDERS_PER_PAGE);

export interface OrdersContext {
  orders: Order[];
  page: number;
  error: Text | null;
}

export type OrdersEvent = { type: 'PAGE'; page: number } | { type: 'RETRY' };

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
  },
  guards: {
    none: ({ event }) => 'output' in event && (event.output as Order[]).length === 0,
    onAPage: ({ context, event }) =>
      event.type === 'PAGE' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= pageCountOf(context.orders) &&
      event.page !== context.page,
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
}).createMachine({
  id: 'orders',
  description: [
    "The order history tab (SPEC §2, §4 'Order list: loading, empty, filled'): the route's loader starts it and",
    "it fetches every order once ('Loading orders...'), then shows 'No orders found' (empty) or pages of 5",
    "(filled). PAGE {page} turns to another existing page. A failure shows the server's or client's message or",
    "'Failed to fetch order history'; RETRY fetches again. A cancelled fetch (leaving the tab) shows nothing.",
  ].join(' '),
  context: { orders: [], page: 1, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchOrders',
        src: 'fetchOrders',
        onDone: [
          { guard: 'none', target: 'empty', actions: assign({ orders: [], page: 1 }) },
          { target: 'filled', actions: assign({ orders: ({ event }) => event.output, page: 1 }) },
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
      on: {
        PAGE: { guard: 'onAPage', actions: assign({ page: ({ event }) => event.page }) },
      },
    },
    error: {
      on: {
        RETRY: { target: 'loading', actions: assign({ error: null }) },
      },
    },
  },
});
