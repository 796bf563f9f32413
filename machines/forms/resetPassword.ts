import { assign, emit, raise } from 'xstate';
import { isApiFailure } from '../../domain/api-failure';
import { failureText, type MessageText, type Text } from '../text';
import { toast } from '../toasts';
import { isEmail, newPasswordRules } from './credentials';
import {
  changeField,
  type ErrorEvent,
  type FormContext,
  type FormEvent,
  formMachine,
  notProvided,
  prefillFields,
} from './formMachine';
import { formMessages } from './messages';
import type { Rule } from './rules';
import type { NavigateEmitted } from './signIn';

export interface ResetPasswordValues {
  password: string;
  passwordConfirmation: string;
}
export type ResetPasswordField = keyof ResetPasswordValues;

/** The emailed link's token (the contract's `OpaqueToken`). */
const RESET_TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

/** The new password's checks, in the order of docs/product.md §5's sign-up list. */
export const resetPasswordRules: readonly Rule<ResetPasswordValues, ResetPasswordField>[] = [
  ...newPasswordRules('password', 'passwordConfirmation'),
];

/** docs/product.md §8's default for a failure without a message: which one depends on whether the server answered. */
export const resetFallback = (error: unknown): MessageText =>
  isApiFailure(error) ? formMessages.resetFailed : formMessages.resetError;

export interface ResetPasswordInput {
  /** From the emailed link's query: `token` and `email`. */
  token: string | undefined;
  email: string | undefined;
}

export interface ResetPasswordContext extends FormContext<ResetPasswordValues, ResetPasswordField> {
  token: string;
  email: string;
  /** Why the link cannot be used (invalidLink): 'Invalid reset link', or the server's refusal. */
  linkError: Text;
  /** SUBMIT came while the link was being checked: it is taken once the check has answered. */
  submitWaiting: boolean;
}

/** POST /user/reset-password/check's body: the link's token and email. */
export interface ResetLinkPayload {
  token: string;
  email: string;
}

/** The server refuses the link itself (422 at `token`: used, expired, unknown, another address's). */
const refusesLink = (error: unknown): boolean =>
  isApiFailure(error) && error.fieldErrors?.token !== undefined;

export type ResetPasswordEvent = FormEvent<ResetPasswordField>;

/** POST /user/restore-password's body (docs/product.md §5, §7). */
export interface RestorePayload {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** Server field names of the restore call → the form's fields; the form's inputs carry the same names. */
const SERVER_FIELDS: Record<string, ResetPasswordField> = {
  password: 'password',
  password_confirmation: 'passwordConfirmation',
};

/** A link the server refuses, at the check or at the reset, leaves the form for the refusal. */
const linkRefusal = { guard: 'linkRefused', target: 'invalidLink', actions: 'keepLinkError' };

export const resetPasswordMachine = formMachine({
  types: {
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    emitted: {} as NavigateEmitted,
  },
  id: 'resetPassword',
  description: [
    "The Reset Password form (docs/product.md §2, §5). Input: the emailed link's token and email; a link without a",
    "well-formed token and email ends in invalidLink ('Invalid reset link'). A well-formed one is checked first",
    '(POST /user/reset-password/check, nothing used up): a refusal at token ends in invalidLink with the',
    "server's message; an accepted link, or a check that failed otherwise (429/5xx/network), opens editing. While",
    'checking, CHANGE and PREFILL edit the form and SUBMIT waits for the answer, then is taken. CHANGE edits the',
    "new password and its confirmation; SUBMIT checks 'Password is required', the password rule, 'Please",
    "confirm your password', 'Passwords do not match', then sends PUT /user/restore-password (the button reads",
    "'Resetting...'). Success sends the toast {success, 'Password reset successfully'} and emits navigate {to:",
    "'/login'}. A refused link (token error) ends in invalidLink with the server's message; other server field",
    "errors land on the two fields; any other failure shows the message (429/5xx/network, 'Failed to reset",
    "password' for an answer without one, 'An error occurred during password reset.' when there was no usable",
    'answer). PREFILL {fields} takes the passwords typed into the server-rendered form before the app took over.',
  ].join(' '),
  context: (input: ResetPasswordInput) => ({
    token: input.token ?? '',
    email: input.email?.trim() ?? '',
    linkError: formMessages.invalidResetLink as Text,
    submitWaiting: false,
    values: { password: '', passwordConfirmation: '' },
  }),
  rules: resetPasswordRules,
  fieldsFromServer: SERVER_FIELDS,
  prefill: SERVER_FIELDS,
  failureMessage: resetFallback,
  /** PUT /user/restore-password. */
  request: {
    id: 'restorePassword',
    input: (context): RestorePayload => ({
      token: context.token,
      email: context.email,
      password: context.values.password,
      password_confirmation: context.values.passwordConfirmation,
    }),
  },
  sending: 'resetting',
  onDone: { target: 'reset', actions: ['notifyReset', 'toLogin'] },
  initial: 'checkingLink',
  changeWhileEditing: true,
  whileSending: { CHANGE: changeField },
  onError: [linkRefusal],
  states: ({ editing, request }) => {
    const checked = [
      { guard: 'submitWaiting', target: 'editing', actions: ['stopWaiting', 'submitAgain'] },
      { target: 'editing' },
    ];
    return {
      checkingLink: {
        always: [{ guard: 'linkMalformed', target: 'invalidLink' }],
        on: {
          CHANGE: changeField,
          PREFILL: prefillFields,
          SUBMIT: { actions: 'waitForCheck' },
        },
        invoke: {
          id: 'checkResetLink',
          src: 'checkResetLink',
          input: ({ context }: { context: ResetPasswordContext }): ResetLinkPayload => ({
            token: context.token,
            email: context.email,
          }),
          onDone: checked,
          onError: [linkRefusal, ...checked],
        },
      },
      invalidLink: {},
      editing,
      resetting: request,
      reset: { type: 'final' },
    };
  },
  guards: {
    linkMalformed: ({ context }: { context: ResetPasswordContext }) =>
      !(RESET_TOKEN.test(context.token) && isEmail(context.email)),
    linkRefused: ({ event }: { event: ErrorEvent }) => refusesLink(event.error),
    submitWaiting: ({ context }: { context: ResetPasswordContext }) => context.submitWaiting,
  },
  actions: {
    notifyReset: toast('success', formMessages.passwordReset),
    toLogin: emit({ type: 'navigate' as const, to: '/login' }),
    waitForCheck: assign({ submitWaiting: true }),
    stopWaiting: assign({ submitWaiting: false }),
    submitAgain: raise({ type: 'SUBMIT' as const }),
    keepLinkError: assign(({ event }: { event: ErrorEvent }) => ({
      linkError: failureText(event.error, formMessages.invalidResetLink),
    })),
  },
  actors: { checkResetLink: notProvided('checkResetLink') },
});
