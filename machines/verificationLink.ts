import { assign, setup } from 'xstate';
import { failureKind, isSilentFailure } from '../domain/api-failure';
import { failureText, serverTextOr, type Text } from './text';
import { resending, resendVerification, verificationMessages } from './verificationEmail';

export interface VerificationLinkInput {
  /** The session's state when the page was entered (a sign-in comes back here and starts it again). */
  signedIn: boolean;
  emailVerified: boolean;
}

export interface VerificationLinkContext extends VerificationLinkInput {
  /** What the last RESEND came to: the server's message or a default; null before any. */
  notice: Text | null;
}

/** The address of this page, where sign-in comes back to (it needs a signed-in customer). */
export const INVALID_LINK_PAGE = '/email/verify/invalid';

export const verificationLinkMachine = setup({
  types: {
    context: {} as VerificationLinkContext,
    input: {} as VerificationLinkInput,
    events: {} as { type: 'RESEND' },
  },
  actors: { resendVerification },
  guards: {
    signedOut: ({ context }) => !context.signedIn,
    emailVerified: ({ context }) => context.emailVerified,
    alreadyVerified: ({ event }) => failureKind('error' in event ? event.error : null) === 'conflict',
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
  actions: {
    clearNotice: assign({ notice: null }),
    showSent: assign((_, params: { message: string | undefined }) => ({
      notice: serverTextOr(params.message, verificationMessages.sent),
    })),
    showFailure: assign((_, params: { error: unknown }) => ({
      notice: failureText(params.error, verificationMessages.failed),
    })),
  },
}).createMachine({
  id: 'verificationLink',
  description: [
    'The page a verification link that verifies nothing ends on (/email/verify/invalid: malformed, unknown,',
    'expired or retired). A guest is asked to sign in (signedOut: /login?redirect=/email/verify/invalid,',
    'back here signed in); a verified customer is told so (verified). Otherwise RESEND posts a new link',
    "(not accepted while sending): sent with the server's message or 'A new verification link has been sent to",
    "your email address.' (RESEND sends another); a 409 means the address got verified meanwhile (verified);",
    "another failure goes back to ready with the server's or client's message or 'Failed to send the",
    "verification email' (nothing for a cancelled request).",
  ].join(' '),
  context: ({ input }) => ({ signedIn: input.signedIn, emailVerified: input.emailVerified, notice: null }),
  initial: 'entering',
  states: {
    entering: {
      always: [
        { guard: 'signedOut', target: 'signedOut' },
        { guard: 'emailVerified', target: 'verified' },
        { target: 'ready' },
      ],
    },
    signedOut: {},
    verified: {},
    ready: { on: { RESEND: { target: 'sending', actions: 'clearNotice' } } },
    sending: resending(
      {
        type: 'showSent',
        params: ({ event }: { event: { output: string | undefined } }) => ({ message: event.output }),
      },
      [
        { guard: 'silent', target: 'ready' },
        { guard: 'alreadyVerified', target: 'verified' },
        {
          target: 'ready',
          actions: {
            type: 'showFailure',
            params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
          },
        },
      ],
    ),
    sent: { on: { RESEND: { target: 'sending', actions: 'clearNotice' } } },
  },
});
