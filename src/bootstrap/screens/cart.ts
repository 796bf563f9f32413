import { fromPromise } from 'xstate';
import { type CheckoutAnswer, type CheckoutRequest, checkoutMachine } from '../../../machines/checkout';
import { type Order, type OrderAction, ordersMachine } from '../../../machines/orders';
import { type ApiClient, call } from '../../api';

/** The cart and the orders. */
export const cartScreens = {
  /**
   * POST /orders/checkout with this checkout's Idempotency-Key (the client allows it 60 s) and,
   * for a card, the display currency, and the player when the cart delivers in game; a provider's
   * page is followed by leaving the app.
   */
  checkout: (api: ApiClient) =>
    checkoutMachine.provide({
      actors: {
        submitCheckout: fromPromise<CheckoutAnswer, CheckoutRequest>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/orders/checkout', {
              body: {
                payment_method: input.method,
                ...(input.currency === undefined ? {} : { currency: input.currency }),
                ...(input.player === undefined ? {} : { player: input.player }),
              },
              headers: { 'Idempotency-Key': input.idempotencyKey },
              signal,
            }),
          );
          return { redirectUrl: answer.redirect_url };
        }),
      },
      actions: {
        followRedirect: (_, params) => window.location.assign(params.url),
      },
    }),
  /**
   * The customer's orders: the order history tab and the cart's orders waiting for payment (ADR 0028).
   * GET /purchase/history, once per visit; POST /orders/{id}/pay and /cancel.
   */
  orders: (api: ApiClient) =>
    ordersMachine.provide({
      actors: {
        fetchOrders: fromPromise<Order[]>(
          async ({ signal }) => (await call(api.GET('/purchase/history', { signal }))).payload,
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
