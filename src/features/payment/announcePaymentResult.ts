import { createActor, waitFor } from 'xstate';
import { type PaymentOutcome, paymentResultMachine } from '../../../machines/paymentResult';
import type { AppActor } from '../app/AppActorContext';

/**
 * Runs the paymentResult machine for one visit of a result page: its notices become toasts and
 * refreshProfile reloads the profile (the new balance). It ends once the session is known.
 */
export async function announcePaymentResult(app: AppActor, outcome: PaymentOutcome): Promise<void> {
  const { session, profile, toasts } = app.getSnapshot().context;
  const result = createActor(paymentResultMachine, { input: { outcome } });
  result.on('notify', ({ kind, message }) => toasts.send({ type: 'SHOW', kind, message }));
  result.on('refreshProfile', () => profile.send({ type: 'FETCH' }));
  result.start();
  const now = session.getSnapshot();
  const checked = now.context.authCheckedOnce
    ? now
    : await waitFor(session, (snapshot) => snapshot.context.authCheckedOnce);
  result.send({ type: 'SESSION_CHECKED', authenticated: checked.context.isAuthenticated });
}
