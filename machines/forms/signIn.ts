import { assign, emit, sendTo } from 'xstate';
import { failureKind } from '../../domain/api-failure';
import { defineMessages, type MessageText, serverTextOr, type Text } from '../text';
import { isEmail } from './credentials';
import {
  type Config,
  type DoneEvent,
  type ErrorEvent,
  errorOf,
  type FormContext,
  type FormEvent,
  formMachine,
  notProvided,
} from './formMachine';
import { guestIntentNotice } from './guestIntent';
import { formMessages } from './messages';
import { failureErrors, filled, firstFailure, isValid, type Rule } from './rules';

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

export interface SignInContext extends FormContext<SignInValues, SignInField> {
  redirectTo: string;
  /** Why the guest was sent here (an Add to cart waiting for an account), shown above the form. */
  notice: MessageText | null;
  /** Sign-in answered 429: the form offers a sign-in link by email instead (ADR 0015). */
  linkOffered: boolean;
  /** What the last SEND_LINK came to: the server's message or the default; null before any. */
  linkNotice: Text | null;
}

export type SignInEvent = FormEvent<SignInField> | { type: 'SEND_LINK' };

/** What a sign in or sign up does once it succeeded: SIGNED_IN to the session, then on to redirectTo. */
export const signedIn = (target: string) => ({
  onDone: {
    target,
    actions: [
      { type: 'announceSignIn', params: ({ event }: { event: DoneEvent<AuthSuccess> }) => event.output },
      'navigate',
    ],
  },
  actions: {
    announceSignIn: sendTo(
      ({ system }) => system.get('session'),
      (_, params: AuthSuccess): SignedInEvent => ({ type: 'SIGNED_IN', ...params }),
    ),
    navigate: emit(({ context }: { context: { redirectTo: string } }) => ({
      type: 'navigate' as const,
      to: context.redirectTo,
    })),
  },
});

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

export const signInMachine = formMachine({
  types: { events: {} as SignInEvent, input: {} as SignInInput, emitted: {} as NavigateEmitted },
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
  context: (input: SignInInput) => ({
    values: { email: '', password: '' },
    redirectTo: input.redirectTo,
    notice: guestIntentNotice(input.redirectTo, 'signIn'),
    linkOffered: false,
    linkNotice: null as Text | null,
  }),
  rules: signInRules,
  fieldsFromServer: SERVER_FIELDS,
  prefill: { email: 'email', password: 'password' },
  failureMessage: formMessages.authenticationFailed,
  /** POST /login {username, password}. */
  request: {
    id: 'login',
    input: ({ values }) => ({ username: values.email.trim(), password: values.password }),
  },
  sending: 'signingIn',
  onDone: signedIn('signedIn').onDone,
  onError: [
    {
      guard: 'rateLimited',
      target: 'editing',
      actions: [{ type: 'showFailure', params: errorOf }, 'offerLink'],
    },
  ],
  onSubmit: ['clearLinkNotice'],
  states: ({ editing, request }) => ({
    editing: {
      ...editing,
      on: {
        ...(editing.on as Config),
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
        input: ({ context }: { context: SignInContext }) => ({ email: context.values.email.trim() }),
        onDone: {
          target: 'editing',
          actions: {
            type: 'showLinkSent',
            params: ({ event }: { event: DoneEvent<string | undefined> }) => ({ message: event.output }),
          },
        },
        onError: [
          { guard: 'silent', target: 'editing' },
          { target: 'editing', actions: { type: 'showLinkFailure', params: errorOf } },
        ],
      },
    },
    signingIn: request,
    signedIn: { type: 'final' },
  }),
  actors: {
    /** POST /login/link {email}; resolves with the server's message, if any. */
    requestLoginLink: notProvided('requestLoginLink'),
  },
  guards: {
    rateLimited: ({ event }: { event: ErrorEvent }) => failureKind(event.error) === 'rate-limited',
    linkNotOffered: ({ context }: { context: SignInContext }) => !context.linkOffered,
    linkEmailInvalid: ({ context }: { context: SignInContext }) => !isValid(linkRules, context.values),
  },
  actions: {
    ...signedIn('signedIn').actions,
    offerLink: assign({ linkOffered: true }),
    showFirstLinkFailure: assign(({ context }: { context: SignInContext }) => ({
      ...firstFailure(linkRules, context.values),
      linkNotice: null,
    })),
    clearLinkNotice: assign({ linkNotice: null }),
    showLinkSent: assign((_, params: { message: string | undefined }) => ({
      linkNotice: serverTextOr(params.message, signInLinkMessages.sent),
    })),
    showLinkFailure: assign((_, params: { error: unknown }) => ({
      ...failureErrors(params.error, SERVER_FIELDS, signInLinkMessages.failed),
    })),
  },
});
