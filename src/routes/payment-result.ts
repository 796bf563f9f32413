import type { PaymentOutcome } from '../../machines/paymentResult';
import type { AppActor } from '../features/app/AppActorContext';

/**
 * On entering a payment result page, runs its paymentResult machine (notice, profile refresh).
 * Loaded with the page's chunk, not on the first load.
 */
export function onPaymentResult(outcome: PaymentOutcome) {
  return ({ context }: { context: { app: AppActor } }): void => {
    import('../features/payment/announcePaymentResult')
      .then(({ announcePaymentResult }) => announcePaymentResult(context.app, outcome))
      .catch((error: unknown) => console.error('Payment result notice failed', error));
  };
}
