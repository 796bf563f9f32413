import { emit } from 'xstate';
import { isApiFailure } from '../../domain/api-failure';
import type { MessageText } from '../text';
import { toast } from '../toasts';
import { isEmail, newPasswordRules } from './credentials';
import { changeField, type FormContext, type FormEvent, formMachine } from './formMachine';
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
}

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

export const resetPasswordMachine = formMachine({
  types: {
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    emitted: {} as NavigateEmitted,
  },
  id: 'resetPassword',
  description: [
    "The Reset Password form (docs/product.md §2, §5). Input: the emailed link's token and email; a link without a",
    "well-formed token and email ends in invalidLink ('Invalid reset link'). CHANGE edits the new password",
    "and its confirmation; SUBMIT checks 'Password is required', the password rule, 'Please confirm your",
    "password', 'Passwords do not match', then sends PUT /user/restore-password (the button reads",
    "'Resetting...'). Success sends the toast {success, 'Password reset successfully'} and emits navigate {to:",
    "'/login'}. A failure puts server field errors on the two fields; a refused link (token error) or any",
    "other failure shows the message (server's, 429/5xx/network, 'Failed to reset password' for an answer",
    "without one, 'An error occurred during password reset.' when there was no usable answer). PREFILL",
    '{fields} takes the passwords typed into the server-rendered form before the app took over.',
  ].join(' '),
  context: (input: ResetPasswordInput) => ({
    token: input.token ?? '',
    email: input.email?.trim() ?? '',
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
  states: ({ editing, request }) => ({
    checkingLink: {
      always: [{ guard: 'linkValid', target: 'editing' }, { target: 'invalidLink' }],
    },
    invalidLink: {},
    editing,
    resetting: request,
    reset: { type: 'final' },
  }),
  guards: {
    linkValid: ({ context }: { context: ResetPasswordContext }) =>
      RESET_TOKEN.test(context.token) && isEmail(context.email),
  },
  actions: {
    notifyReset: toast('success', formMessages.passwordReset),
    toLogin: emit({ type: 'navigate' as const, to: '/login' }),
  },
});
