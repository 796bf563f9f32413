import type { PaymentOutcome } from '../../machines/paymentResult';
import { isSignedIn } from './guards';
import type { RouterContext } from './root';

/**
 * On entering a payment result page (not on a preload), starts its paymentResult screen and tells it
 * whether the customer is signed in; the machine sends the notice and the profile refresh.
 */
export function onPaymentResult(outcome: PaymentOutcome) {
  return ({ context }: { context: RouterContext }): void => {
    Promise.all([context.screens.start('paymentResult', { outcome }), isSignedIn(context.app)])
      .then(([screen, authenticated]) => screen.send({ type: 'SESSION_CHECKED', authenticated }))
      .catch((error: unknown) => console.error('Payment result notice failed', error));
  };
}
