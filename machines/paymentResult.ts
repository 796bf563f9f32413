import { sendTo, setup } from 'xstate';
import type { NoticeKind } from './domain';
import { defineMessages, type Text } from './text';

export const paymentMessages = defineMessages({
  completed: { id: 'payment.notice.completed', defaultMessage: 'Payment completed successfully!' },
  failed: { id: 'payment.notice.failed', defaultMessage: 'Payment failed. Please try again.' },
});

/** Which result page the payment provider sent the browser to. */
export type PaymentOutcome = 'success' | 'failed';

export type PaymentResultEvent = { type: 'SESSION_CHECKED'; authenticated: boolean };

export const paymentResultMachine = setup({
  types: {
    context: {} as { outcome: PaymentOutcome },
    events: {} as PaymentResultEvent,
    input: {} as { outcome: PaymentOutcome },
  },
  actions: {
    refreshProfile: sendTo(({ system }) => system.get('profile'), { type: 'FETCH' as const }),
    notify: sendTo(
      ({ system }) => system.get('toasts'),
      (_, params: { kind: NoticeKind; text: Text }) => ({ type: 'SHOW' as const, ...params }),
    ),
  },
  guards: {
    paidWhileSignedIn: ({ context, event }) => context.outcome === 'success' && event.authenticated,
    failed: ({ context }) => context.outcome === 'failed',
  },
}).createMachine({
  id: 'paymentResult',
  description: [
    "A payment result page (SPEC §2), once per visit: it waits for the session's first check (SESSION_CHECKED),",
    "then on success while signed in sends FETCH to the profile (the new balance) and the toast 'Payment completed",
    "successfully!'; on failure the toast 'Payment failed. Please try again.' (signed in or not); a guest",
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
              { type: 'notify', params: { kind: 'success', text: paymentMessages.completed } },
            ],
          },
          {
            guard: 'failed',
            target: 'announced',
            actions: { type: 'notify', params: { kind: 'error', text: paymentMessages.failed } },
          },
          { target: 'announced' },
        ],
      },
    },
    announced: { type: 'final' },
  },
});
