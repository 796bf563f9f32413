import { emit, setup } from 'xstate';
import type { NoticeKind, NotifyEmitted } from './domain';

export const PAYMENT_SUCCESS_MESSAGE = 'Payment completed successfully!';
export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again.';

/** Which result page the payment provider sent the browser to. */
export type PaymentOutcome = 'success' | 'failed';

export type PaymentResultEvent = { type: 'SESSION_CHECKED'; authenticated: boolean };
export type PaymentResultEmitted = NotifyEmitted | { type: 'refreshProfile' };

export const paymentResultMachine = setup({
  types: {
    context: {} as { outcome: PaymentOutcome },
    events: {} as PaymentResultEvent,
    input: {} as { outcome: PaymentOutcome },
    emitted: {} as PaymentResultEmitted,
  },
  actions: {
    refreshProfile: emit({ type: 'refreshProfile' as const }),
    notify: emit((_, params: { kind: NoticeKind; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
  },
  guards: {
    paidWhileSignedIn: ({ context, event }) => context.outcome === 'success' && event.authenticated,
    failed: ({ context }) => context.outcome === 'failed',
  },
}).createMachine({
  id: 'paymentResult',
  description: [
    "A payment result page (SPEC §2), once per visit: it waits for the session's first check (SESSION_CHECKED),",
    "then on success while signed in emits refreshProfile (the new balance) and notify 'Payment completed",
    "successfully!'; on failure emits notify 'Payment failed. Please try again.' (signed in or not); a guest",
    'on the success page gets neither.',
  ].join(' '),
  context: ({ input }) => ({ outcome: input.outcome }),
  initial: 'awaitingSession',
  states: {
    awaitingSession: {
      on: {
        SESSION_CHECKED: [
          {
            guard: 'paidWhileSignedIn',
            target: 'announced',
            actions: [
              'refreshProfile',
              { type: 'notify', params: { kind: 'success', message: PAYMENT_SUCCESS_MESSAGE } },
            ],
          },
          {
            guard: 'failed',
            target: 'announced',
            actions: { type: 'notify', params: { kind: 'error', message: PAYMENT_FAILED_MESSAGE } },
          },
          { target: 'announced' },
        ],
      },
    },
    announced: { type: 'final' },
  },
});
