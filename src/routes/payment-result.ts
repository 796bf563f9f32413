import type { PaymentOutcome } from '../../machines/paymentResult';
import { isSignedIn } from './guards';
import type { PaymentSearch } from './payment-search';
import type { RouterContext } from './root';

/**
 * On entering a payment result page (not on a preload), starts its paymentResult screen with the
 * payment the provider sent the browser back about (`?payment=`, when there is one) and tells it
 * whether the customer is signed in; the machine sends the notice and the profile refresh. When the
 * app stops first (the page was left), there is no one to tell: that is not a failure.
 */
export function onPaymentResult(outcome: PaymentOutcome) {
  return ({ context, search }: { context: RouterContext; search: PaymentSearch }): void => {
    const appRunning = () => context.app.getSnapshot().status === 'active';
    Promise.all([
      context.screens.start('paymentResult', { outcome, paymentId: search.payment }),
      isSignedIn(context.app),
    ])
      .then(([screen, authenticated]) => {
        if (appRunning()) screen.send({ type: 'SESSION_CHECKED', authenticated });
      })
      .catch((error: unknown) => {
        if (appRunning()) console.error('Payment result notice failed', error);
      });
  };
}
