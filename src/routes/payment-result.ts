import type { PaymentOutcome } from '../../machines/paymentResult';
import { isSignedIn } from './guards';
import type { PaymentSearch } from './payment-search';
import type { RouterContext } from './root';

/**
 * On entering a payment result page (not on a preload), starts its paymentResult screen with the
 * payment the provider sent the browser back about (`?payment=`, when there is one) and tells it
 * whether the customer is signed in; the machine sends the notice and the profile refresh.
 */
export function onPaymentResult(outcome: PaymentOutcome) {
  return ({ context, search }: { context: RouterContext; search: PaymentSearch }): void => {
    Promise.all([
      context.screens.start('paymentResult', { outcome, paymentId: search.payment }),
      isSignedIn(context.app),
    ])
      .then(([screen, authenticated]) => screen.send({ type: 'SESSION_CHECKED', authenticated }))
      .catch((error: unknown) => console.error('Payment result notice failed', error));
  };
}
