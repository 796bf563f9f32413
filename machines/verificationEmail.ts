import { emit, fromPromise, setup } from 'xstate';
import { failureMessage, isSilentFailure } from '../domain/api-failure';
import type { NotifyEmitted } from './domain';

export const VERIFICATION_SENT_MESSAGE = 'A new verification link has been sent to your email address.';
export const VERIFICATION_FAILED_MESSAGE = 'Failed to send the verification email';

export const verificationEmailMachine = setup({
  types: {
    events: {} as { type: 'RESEND' },
    emitted: {} as NotifyEmitted,
  },
  actors: {
    /** POST /email/verification-notification; resolves with the server's message, if any. */
    resendVerification: fromPromise<string | undefined>(async () => {
      throw new Error('resendVerification is not provided');
    }),
  },
  actions: {
    notify: emit((_, params: Omit<NotifyEmitted, 'type'>) => ({ type: 'notify' as const, ...params })),
  },
}).createMachine({
  id: 'verificationEmail',
  description: [
    "The email verification page's resend button: RESEND posts a new verification link (not accepted while",
    "sending), then emits notify {success} with the server's message or 'A new verification link has been",
    "sent to your email address.', or notify {error} with the server's message or 'Failed to send the",
    "verification email' (nothing for a cancelled request). sent marks that a link went out.",
  ].join(' '),
  initial: 'idle',
  states: {
    idle: { on: { RESEND: 'sending' } },
    sending: {
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        onDone: {
          target: 'sent',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              kind: 'success' as const,
              message: event.output?.trim() ? event.output : VERIFICATION_SENT_MESSAGE,
            }),
          },
        },
        onError: [
          { guard: ({ event }) => isSilentFailure(event.error), target: 'idle' },
          {
            target: 'idle',
            actions: {
              type: 'notify',
              params: ({ event }) => ({
                kind: 'error' as const,
                message: failureMessage(event.error, VERIFICATION_FAILED_MESSAGE),
              }),
            },
          },
        ],
      },
    },
    sent: { on: { RESEND: 'sending' } },
  },
});
