import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import { failureKind, isSilentFailure } from '../../domain/api-failure';
import { defineMessages, type MessageText, type Text, verbatim } from '../text';
import { guestIntentNotice } from './guestIntent';
import { formMessages } from './messages';
import { type PrefillEvent, prefilled } from './prefill';
import {
  type FieldErrors,
  type FormErrors,
  failureErrors,
  filled,
  firstFailure,
  isEmail,
  isValid,
  NO_ERRORS,
  type Rule,
  withoutError,
} from './rules';

export interface SignInValues {
  email: string;
  password: string;
}
export type SignInField = keyof SignInValues;

/** docs/product.md §5 "Sign In", in order. */
export const signInRules: readonly Rule<SignInValues, SignInField>[] = [
  {
    field: null,
    message: formMessages.credentialsRequired,
    valid: (v) => filled(v.email) && v.password !== '',
  },
  { field: 'email', message: formMessages.invalidEmailFormat, valid: (v) => isEmail(v.email) },
];

/** The login answer the session needs (AuthResponse: access_token, emailVerified). */
export interface AuthSuccess {
  token: string;
  emailVerified: boolean;
}

/** The session's event for a successful sign in or sign up (docs/product.md §4 "Auth"). */
export type SignedInEvent = { type: 'SIGNED_IN'; token: string; emailVerified: boolean };
export type NavigateEmitted = { type: 'navigate'; to: string };

export interface SignInInput {
  /** Where to go once signed in: the `redirect` query (a same-site path) or /account. */
  redirectTo: string;
}

export interface SignInContext extends FormErrors<SignInField> {
  values: SignInValues;
  errors: FieldErrors<SignInField>;
  redirectTo: string;
  /** Why the guest was sent here (an Add to cart waiting for an account), shown above the form. */
  notice: MessageText | null;
  /** Sign-in answered 429: the form offers a sign-in link by email instead (ADR 0015). */
  linkOffered: boolean;
  /** What the last SEND_LINK came to: the server's message or the default; null before any. */
  linkNotice: Text | null;
}

export type SignInEvent =
  | { type: 'CHANGE'; field: SignInField; value: string }
  | PrefillEvent
  | { type: 'SUBMIT' }
  | { type: 'SEND_LINK' };

export const signInLinkMessages = defineMessages({
  sent: {
    id: 'auth.signInLink.sent',
    defaultMessage: 'If an account exists for this address, a sign-in link is on its way.',
  },
  failed: { id: 'auth.signInLink.failed', defaultMessage: 'Failed to send the sign-in link' },
});

/** Where the link goes: email only, so the form's email rules apply (the password may be empty). */
const linkRules: readonly Rule<SignInValues, SignInField>[] = [
  { field: 'email', message: formMessages.emailAddressRequired, valid: (v) => filled(v.email) },
  { field: 'email', message: formMessages.invalidEmailFormat, valid: (v) => isEmail(v.email) },
];

/** Server field names of POST /login → the form's fields. */
const SERVER_FIELDS: Record<string, SignInField> = {
  username: 'email',
  email: 'email',
  password: 'password',
};

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    emitted: {} as NavigateEmitted,
  },
  actors: {
    /** POST /login {username, password}. */
    login: fromPromise<AuthSuccess, { username: string; password: string }>(async () => {
      throw new Error('login is not provided');
    }),
    /** POST /login/link {email}; resolves with the server's message, if any. */
    requestLoginLink: fromPromise<string | undefined, { email: string }>(async () => {
      throw new Error('requestLoginLink is not provided');
    }),
  },
  guards: {
    invalid: ({ context }) => !isValid(signInRules, context.values),
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
    rateLimited: ({ event }) => 'error' in event && failureKind(event.error) === 'rate-limited',
    linkNotOffered: ({ context }) => !context.linkOffered,
    linkEmailInvalid: ({ context }) => !isValid(linkRules, context.values),
  },
  actions: {
    change: assign(({ context }, params: { field: SignInField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
      errors: withoutError(context.errors, params.field),
      formError: null,
    })),
    prefill: assign(({ context }, fields: PrefillEvent['fields']) => ({
      values: prefilled(context.values, fields, { email: 'email', password: 'password' }),
    })),
    showFirstFailure: assign(({ context }) => firstFailure(signInRules, context.values)),
    clearErrors: assign({ ...NO_ERRORS, linkNotice: null }),
    offerLink: assign({ linkOffered: true }),
    showFirstLinkFailure: assign(({ context }) => ({
      ...firstFailure(linkRules, context.values),
      linkNotice: null,
    })),
    clearLinkNotice: assign({ linkNotice: null }),
    showLinkSent: assign((_, params: { message: string | undefined }) => ({
      linkNotice: params.message?.trim() ? verbatim(params.message) : signInLinkMessages.sent,
    })),
    showLinkFailure: assign((_, params: { error: unknown }) =>
      failureErrors(params.error, SERVER_FIELDS, signInLinkMessages.failed),
    ),
    showFailure: assign((_, params: { error: unknown }) =>
      failureErrors(params.error, SERVER_FIELDS, formMessages.authenticationFailed),
    ),
    announceSignIn: sendTo(
      ({ system }) => system.get('session'),
      (_, params: AuthSuccess): SignedInEvent => ({ type: 'SIGNED_IN', ...params }),
    ),
    navigate: emit(({ context }) => ({ type: 'navigate' as const, to: context.redirectTo })),
  },
}).createMachine({
  id: 'signIn',
  description: [
    "The Sign In form (docs/product.md §2, §5). CHANGE {field, value} edits email or password and clears that field's",
    "message; SUBMIT checks 'Email and password are required' (whole form) then 'Invalid email format'",
    '(email), first broken rule only, and otherwise calls login. A failure shows server field errors on',
    "their fields, else the server's or client's message (429, 5xx, network) or 'Authentication failed';",
    'a cancelled call shows nothing. Success sends SIGNED_IN {token, emailVerified} to the session and',
    'emits navigate {to: redirectTo}. SUBMIT is not accepted while signing in. A redirectTo that adds to the cart',
    "(/shop?…&add=…) gives the notice 'Sign in to add items to your cart'. PREFILL {fields} takes the email",
    'and password typed into the server-rendered form before the app took over.',
    'A 429 also offers a sign-in link by email (ADR 0015): SEND_LINK checks the email alone',
    "('Please enter your email address', 'Invalid email format') and posts it; the answer is the same",
    "whether or not the account exists: the server's message or 'If an account exists for this address,",
    "a sign-in link is on its way.' A failure shows like a sign-in failure, 'Failed to send the sign-in link'",
    'by default. Neither SUBMIT nor SEND_LINK is accepted while the link is being sent.',
  ].join(' '),
  context: ({ input }) => ({
    values: { email: '', password: '' },
    errors: {},
    formError: null,
    redirectTo: input.redirectTo,
    notice: guestIntentNotice(input.redirectTo, 'signIn'),
    linkOffered: false,
    linkNotice: null,
  }),
  on: {
    CHANGE: { actions: { type: 'change', params: ({ event }) => event } },
    PREFILL: { actions: { type: 'prefill', params: ({ event }) => event.fields } },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: [
          { guard: 'invalid', actions: 'showFirstFailure' },
          { target: 'signingIn', actions: 'clearErrors' },
        ],
        SEND_LINK: [
          { guard: 'linkNotOffered' },
          { guard: 'linkEmailInvalid', actions: 'showFirstLinkFailure' },
          { target: 'sendingLink', actions: 'clearLinkNotice' },
        ],
      },
    },
    sendingLink: {
      invoke: {
        id: 'requestLoginLink',
        src: 'requestLoginLink',
        input: ({ context }) => ({ email: context.values.email.trim() }),
        onDone: {
          target: 'editing',
          actions: { type: 'showLinkSent', params: ({ event }) => ({ message: event.output }) },
        },
        onError: [
          { guard: 'silent', target: 'editing' },
          {
            target: 'editing',
            actions: { type: 'showLinkFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    signingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          username: context.values.email.trim(),
          password: context.values.password,
        }),
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'announceSignIn', params: ({ event }) => event.output }, 'navigate'],
        },
        onError: [
          { guard: 'silent', target: 'editing' },
          {
            guard: 'rateLimited',
            target: 'editing',
            actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'offerLink'],
          },
          {
            target: 'editing',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
});
