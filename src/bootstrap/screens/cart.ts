import { fromPromise } from 'xstate';
import { type CheckoutAnswer, type CheckoutRequest, checkoutMachine } from '../../../machines/checkout';
import { type ApiClient, call } from '../../api';

export const cartScreens = {
  /**
   * POST /orders/checkout with this checkout's Idempotency-Key (the client allows it 60 s); a
   * provider's page is followed by leaving the app.
   */
  checkout: (api: ApiClient) =>
    checkoutMachine.provide({
      actors: {
        submitCheckout: fromPromise<CheckoutAnswer, CheckoutRequest>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/orders/checkout', {
              body: { payment_method: input.method },
              headers: { 'Idempotency-Key': input.idempotencyKey },
              signal,
            }),
            'Checkout failed',
          );
          return { redirectUrl: answer.redirect_url };
        }),
      },
      actions: {
        followRedirect: (_, params) => window.location.assign(params.url),
      },
    }),
};
