import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import { failureKind, isSilentFailure } from '../domain/api-failure';
import type { AuthSuccess, NavigateEmitted, SignedInEvent } from './forms/signIn';
import { defineMessages, failureText, type Text } from './text';

export interface LoginLinkInput {
  /** From the emailed link `/login/link?token=…&email=…` (openapi.yaml requestLoginLink). */
  token?: string | undefined;
  email?: string | undefined;
  /** Where to go once signed in: the link's `redirect` (a same-site path) or /account. */
  redirectTo: string;
}

export interface LoginLinkContext {
  token: string;
  email: string;
  redirectTo: string;
  /** Why the link did not sign in; null while confirming (and for a cancelled call). */
  problem: Text | null;
}

export const loginLinkMessages = defineMessages({
  invalid: {
    id: 'auth.loginLink.invalid',
    defaultMessage: 'This sign-in link is invalid or has expired.',
  },
  failed: { id: 'auth.loginLink.failed', defaultMessage: 'Failed to sign in with this link' },
});

export const loginLinkMachine = setup({
  types: {
    context: {} as LoginLinkContext,
    input: {} as LoginLinkInput,
    events: {} as { type: 'RETRY' },
    emitted: {} as NavigateEmitted & { replace: boolean },
  },
  actors: {
    /** POST /login/link/confirm {token, email}. */
    confirmLoginLink: fromPromise<AuthSuccess, { token: string; email: string }>(async () => {
      throw new Error('confirmLoginLink is not provided');
    }),
  },
  guards: {
    incomplete: ({ context }) => context.token === '' || context.email === '',
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
    refused: ({ event }) => {
      const kind = failureKind('error' in event ? event.error : null);
      return kind === 'validation' || kind === 'bad-request';
    },
  },
  actions: {
    showInvalid: assign({ problem: loginLinkMessages.invalid }),
    showRefusal: assign((_, params: { error: unknown }) => ({
      problem: failureText(params.error, loginLinkMessages.invalid),
    })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: failureText(params.error, loginLinkMessages.failed),
    })),
    clearProblem: assign({ problem: null }),
    announceSignIn: sendTo(
      ({ system }) => system.get('session'),
      (_, params: AuthSuccess): SignedInEvent => ({ type: 'SIGNED_IN', ...params }),
    ),
    navigate: emit(({ context }) => ({ type: 'navigate' as const, to: context.redirectTo, replace: true })),
  },
}).createMachine({
  id: 'loginLink',
  description: [
    'The page an emailed sign-in link opens (/login/link?token=…&email=…, ADR 0015). A link without token',
    "or email is 'This sign-in link is invalid or has expired.' at once (invalid); otherwise it is confirmed.",
    'Success sends SIGNED_IN {token, emailVerified} to the session, as a password sign-in does, and emits',
    'navigate {to: redirectTo, replace} (the used link leaves the history). A refusal (422: used, expired,',
    "unknown, another address) is invalid with the server's message; any other failure (429, 5xx, network)",
    "is failed with its message or 'Failed to sign in with this link', and RETRY confirms again (the link is",
    'not used up by a failed call). A cancelled call shows nothing.',
  ].join(' '),
  context: ({ input }) => ({
    token: input.token?.trim() ?? '',
    email: input.email?.trim() ?? '',
    redirectTo: input.redirectTo,
    problem: null,
  }),
  initial: 'entering',
  states: {
    entering: {
      always: [{ guard: 'incomplete', target: 'invalid', actions: 'showInvalid' }, { target: 'confirming' }],
    },
    confirming: {
      invoke: {
        id: 'confirmLoginLink',
        src: 'confirmLoginLink',
        input: ({ context }) => ({ token: context.token, email: context.email }),
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'announceSignIn', params: ({ event }) => event.output }, 'navigate'],
        },
        onError: [
          { guard: 'silent', target: 'failed' },
          {
            guard: 'refused',
            target: 'invalid',
            actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    invalid: {},
    failed: { on: { RETRY: { target: 'confirming', actions: 'clearProblem' } } },
    signedIn: { type: 'final' },
  },
});
