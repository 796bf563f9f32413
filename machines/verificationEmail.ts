import { fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../domain/api-failure';
import { defineMessages, failureText, serverTextOr } from './text';
import { toast } from './toasts';

export const verificationMessages = defineMessages({
  sent: {
    id: 'email.verification.sent',
    defaultMessage: 'A new verification link has been sent to your email address.',
  },
  failed: { id: 'email.verification.failed', defaultMessage: 'Failed to send the verification email' },
});

/** POST /email/verification-notification (both verification pages); resolves with the server's message, if any. */
export const resendVerification = fromPromise<string | undefined>(async () => {
  throw new Error('resendVerification is not provided');
});

/**
 * Both verification pages' RESEND (this button and the invalid link's page): posts it
 * (resendVerification), then `sent` with `onSent`'s actions; a failure is `onError`'s.
 */
export const resending = <A, E>(onSent: A, onError: E) =>
  ({
    invoke: {
      id: 'resendVerification',
      src: 'resendVerification',
      onDone: { target: 'sent', actions: onSent },
      onError,
    },
  }) as const;

type Sent = { event: { output: string | undefined } };
type Failed = { event: { error: unknown } };

export const verificationEmailMachine = setup({
  types: {
    events: {} as { type: 'RESEND' },
  },
  actors: { resendVerification },
  actions: {
    notify: toast(),
  },
}).createMachine({
  id: 'verificationEmail',
  description: [
    "The email verification page's resend button: RESEND posts a new verification link (not accepted while",
    "sending), then sends the toast {success} with the server's message or 'A new verification link has been",
    "sent to your email address.', or the toast {error} with the server's message or 'Failed to send the",
    "verification email' (nothing for a cancelled request). sent marks that a link went out.",
  ].join(' '),
  initial: 'idle',
  states: {
    idle: { on: { RESEND: 'sending' } },
    sending: resending(
      {
        type: 'notify',
        params: ({ event }: Sent) => ({
          kind: 'success' as const,
          text: serverTextOr(event.output, verificationMessages.sent),
        }),
      },
      [
        { guard: ({ event }: Failed) => isSilentFailure(event.error), target: 'idle' },
        {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ event }: Failed) => ({
              kind: 'error' as const,
              text: failureText(event.error, verificationMessages.failed),
            }),
          },
        },
      ],
    ),
    sent: { on: { RESEND: 'sending' } },
  },
});
