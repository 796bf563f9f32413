import { fromPromise } from 'xstate';
import { type Order, type OrderAction, ordersMachine } from '../../../machines/orders';
import { type ApiClient, call } from '../../api';

/** The customer's orders: the order history tab and the cart's orders waiting for payment (ADR 0026). */
export const orderScreens = {
  /** GET /purchase/history, once per visit; POST /orders/{id}/pay and /cancel. */
  orders: (api: ApiClient) =>
    ordersMachine.provide({
      actors: {
        fetchOrders: fromPromise<Order[]>(
          async ({ signal }) =>
            (await call(api.GET('/purchase/history', { signal }), 'Failed to fetch order history')).payload,
        ),
        payOrder: fromPromise<{ redirectUrl: string }, OrderAction>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/orders/{id}/pay', { params: { path: { id: input.orderId } }, body: {}, signal }),
          );
          return { redirectUrl: answer.redirect_url };
        }),
        cancelOrder: fromPromise<void, OrderAction>(async ({ input, signal }) => {
          await call(
            api.POST('/orders/{id}/cancel', { params: { path: { id: input.orderId } }, body: {}, signal }),
          );
        }),
      },
      actions: {
        followRedirect: (_, params) => window.location.assign(params.url),
      },
    }),
};
