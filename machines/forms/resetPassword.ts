import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import { isApiFailure, isSilentFailure } from '../../domain/api-failure';
import { meetsPasswordRule } from '../../domain/password';
import type { MessageText } from '../text';
import { showToast } from '../toasts';
import { formMessages } from './messages';
import { type PrefillEvent, prefilled } from './prefill';
import {
  type FieldErrors,
  type FormErrors,
  failureErrors,
  firstFailure,
  isEmail,
  isValid,
  NO_ERRORS,
  type Rule,
} from './rules';
import type { NavigateEmitted } from './signIn';

export interface ResetPasswordValues {
  password: string;
  passwordConfirmation: string;
}
export type ResetPasswordField = keyof ResetPasswordValues;

/** docs/product.md §8: the server answered with a failure but no message of its own. */
/** docs/product.md §8: the reset went wrong without any answer the client understands. */

/** The emailed link's token (the contract's `OpaqueToken`). */
const RESET_TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

/** The new password's checks, in the order of docs/product.md §5's sign-up list. */
export const resetPasswordRules: readonly Rule<ResetPasswordValues, ResetPasswordField>[] = [
  { field: 'password', message: formMessages.passwordRequired, valid: (v) => v.password !== '' },
  { field: 'password', message: formMessages.passwordRule, valid: (v) => meetsPasswordRule(v.password) },
  {
    field: 'passwordConfirmation',
    message: formMessages.confirmPassword,
    valid: (v) => v.passwordConfirmation !== '',
  },
  {
    field: 'passwordConfirmation',
    message: formMessages.passwordsDiffer,
    valid: (v) => v.passwordConfirmation === v.password,
  },
];

/** docs/product.md §8's default for a failure without a message: which one depends on whether the server answered. */
export const resetFallback = (error: unknown): MessageText =>
  isApiFailure(error) ? formMessages.resetFailed : formMessages.resetError;

export interface ResetPasswordInput {
  /** From the emailed link's query: `token` and `email`. */
  token: string | undefined;
  email: string | undefined;
}

export interface ResetPasswordContext extends FormErrors<ResetPasswordField> {
  token: string;
  email: string;
  values: ResetPasswordValues;
  errors: FieldErrors<ResetPasswordField>;
}

export type ResetPasswordEvent =
  | { type: 'CHANGE'; field: ResetPasswordField; value: string }
  | PrefillEvent
  | { type: 'SUBMIT' };

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

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    emitted: {} as NavigateEmitted,
  },
  actors: {
    /** PUT /user/restore-password. */
    restorePassword: fromPromise<void, RestorePayload>(async () => {
      throw new Error('restorePassword is not provided');
    }),
  },
  guards: {
    linkValid: ({ context }) => RESET_TOKEN.test(context.token) && isEmail(context.email),
    invalid: ({ context }) => !isValid(resetPasswordRules, context.values),
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
  actions: {
    change: assign(({ context }, params: { field: ResetPasswordField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
      errors: {},
      formError: null,
    })),
    prefill: assign(({ context }, fields: PrefillEvent['fields']) => ({
      values: prefilled(context.values, fields, SERVER_FIELDS),
    })),
    showFirstFailure: assign(({ context }) => firstFailure(resetPasswordRules, context.values)),
    clearErrors: assign(NO_ERRORS),
    showFailure: assign((_, params: { error: unknown }) =>
      failureErrors(params.error, SERVER_FIELDS, resetFallback(params.error)),
    ),
    notifyReset: sendTo(
      ({ system }) => system.get('toasts'),
      showToast('success', formMessages.passwordReset),
    ),
    toLogin: emit({ type: 'navigate' as const, to: '/login' }),
  },
}).createMachine({
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
  context: ({ input }) => ({
    token: input.token ?? '',
    email: input.email?.trim() ?? '',
    values: { password: '', passwordConfirmation: '' },
    errors: {},
    formError: null,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'linkValid', target: 'editing' }, { target: 'invalidLink' }],
    },
    invalidLink: {},
    editing: {
      on: {
        CHANGE: { actions: { type: 'change', params: ({ event }) => event } },
        PREFILL: { actions: { type: 'prefill', params: ({ event }) => event.fields } },
        SUBMIT: [
          { guard: 'invalid', actions: 'showFirstFailure' },
          { target: 'resetting', actions: 'clearErrors' },
        ],
      },
    },
    resetting: {
      on: {
        CHANGE: { actions: { type: 'change', params: ({ event }) => event } },
      },
      invoke: {
        id: 'restorePassword',
        src: 'restorePassword',
        input: ({ context }) => ({
          token: context.token,
          email: context.email,
          password: context.values.password,
          password_confirmation: context.values.passwordConfirmation,
        }),
        onDone: { target: 'reset', actions: ['notifyReset', 'toLogin'] },
        onError: [
          { guard: 'silent', target: 'editing' },
          {
            target: 'editing',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    reset: { type: 'final' },
  },
});
