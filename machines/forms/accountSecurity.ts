import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import { meetsPasswordRule } from '../../domain/password';
import { defineMessages, type MessageText } from '../text';
import { showToast } from '../toasts';
import { formMessages } from './messages';
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

/**
 * The account's two credential forms (docs/product.md §2, §5, §8): change password and change email. Both are
 * the same small form: rules in order, one call, a notice on success, the server's field errors
 * at their fields, and a default message for anything else.
 */
export const accountSecurityMessages = defineMessages({
  passwordChanged: { id: 'account.password.changed', defaultMessage: 'Password changed successfully' },
  passwordFailed: { id: 'account.password.failed', defaultMessage: 'Failed to update password' },
  newEmailRequired: { id: 'account.email.required', defaultMessage: 'New email is required' },
  emailChanged: { id: 'account.email.changed', defaultMessage: 'Email changed successfully!' },
  emailFailed: {
    id: 'account.email.failed',
    defaultMessage: 'An unexpected error occurred. Please try again later.',
  },
});

/** Where a customer who changed the email returns after verifying the new address. */
const ACCOUNT_PATH = '/account';

interface CredentialForm<V extends Record<string, string>, P> {
  id: string;
  description: string;
  empty: V;
  rules: readonly Rule<V, keyof V & string>[];
  serverFields: Record<string, keyof V & string>;
  payload: (values: V) => P;
  success: MessageText;
  fallback: MessageText;
  /**
   * The form changes the email: after success the profile is fetched again (the address is part of
   * it) and the session is told the address is unverified (the server clears the verification, ADR
   * 0002), which sends the customer to the verification page until the new link is clicked.
   */
  changesEmail: boolean;
}

type Values = Record<string, string>;
type F = string;
type V = Values;

function credentialFormMachine<W extends Values, P>(typed: CredentialForm<W, P>) {
  // Typed at the edges (rules, payload), plain inside: xstate's invoke types do not follow a generic form.
  const form = typed as unknown as CredentialForm<Values, unknown>;
  return setup({
    types: {
      context: {} as FormErrors<F> & { values: V; errors: FieldErrors<F> },
      events: {} as { type: 'CHANGE'; field: F; value: string } | { type: 'SUBMIT' },
    },
    actors: {
      save: fromPromise<void, unknown>(async () => {
        throw new Error('save is not provided');
      }),
    },
    guards: {
      invalid: ({ context }) => !isValid(form.rules, context.values),
      silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
    },
    actions: {
      change: assign(({ context }, params: { field: F; value: string }) => ({
        values: { ...context.values, [params.field]: params.value },
        errors: withoutError(context.errors, params.field),
        formError: null,
      })),
      showFirstFailure: assign(({ context }) => firstFailure(form.rules, context.values)),
      clearErrors: assign(NO_ERRORS),
      showFailure: assign((_, params: { error: unknown }) =>
        failureErrors(params.error, form.serverFields, form.fallback),
      ),
      saved: assign({ values: form.empty, ...NO_ERRORS }),
      announce: sendTo(({ system }) => system.get('toasts'), showToast('success', form.success)),
      emailChanged: enqueueActions(({ enqueue, system }) => {
        if (!form.changesEmail) return;
        enqueue.sendTo(system.get('profile'), { type: 'FETCH' });
        const unverified = { type: 'UNVERIFIED' as const, path: ACCOUNT_PATH };
        enqueue.sendTo(system.get('session'), unverified);
      }),
    },
  }).createMachine({
    id: form.id,
    description: form.description,
    context: { values: form.empty, ...NO_ERRORS },
    initial: 'editing',
    states: {
      editing: {
        on: {
          CHANGE: { actions: { type: 'change', params: ({ event }) => event } },
          SUBMIT: [
            { guard: 'invalid', actions: 'showFirstFailure' },
            { target: 'saving', actions: 'clearErrors' },
          ],
        },
      },
      saving: {
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }: { context: { values: Values } }) => form.payload(context.values),
          onDone: {
            target: 'editing',
            actions: ['saved', 'announce', 'emailChanged'],
          },
          onError: [
            { guard: 'silent', target: 'editing' },
            {
              target: 'editing',
              actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            },
          ],
        },
      },
    },
  });
}

export interface ChangePasswordValues extends Record<string, string> {
  current: string;
  password: string;
  confirmation: string;
}
export interface ChangePasswordPayload {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export const changePasswordMachine = credentialFormMachine<ChangePasswordValues, ChangePasswordPayload>({
  id: 'changePassword',
  description: [
    "The change password tab (docs/product.md §2, §5): CHANGE {field, value}; SUBMIT checks 'Password is required' (current,",
    "then new), the password rule, 'Please confirm your password', 'Passwords do not match', then POST",
    "/user/change-password. Saved: the form empties and the toast 'Password changed successfully' (the server",
    "ends the other sessions). A failure puts server field errors at their fields, else the server's or",
    "client's message or 'Failed to update password'; a cancelled call nothing. SUBMIT is not accepted while saving.",
  ].join(' '),
  empty: { current: '', password: '', confirmation: '' },
  rules: [
    { field: 'current', message: formMessages.passwordRequired, valid: (v) => v.current !== '' },
    { field: 'password', message: formMessages.passwordRequired, valid: (v) => v.password !== '' },
    { field: 'password', message: formMessages.passwordRule, valid: (v) => meetsPasswordRule(v.password) },
    { field: 'confirmation', message: formMessages.confirmPassword, valid: (v) => v.confirmation !== '' },
    {
      field: 'confirmation',
      message: formMessages.passwordsDiffer,
      valid: (v) => v.confirmation === v.password,
    },
  ],
  serverFields: {
    current_password: 'current',
    password: 'password',
    password_confirmation: 'confirmation',
  },
  payload: (v) => ({
    current_password: v.current,
    password: v.password,
    password_confirmation: v.confirmation,
  }),
  success: accountSecurityMessages.passwordChanged,
  fallback: accountSecurityMessages.passwordFailed,
  changesEmail: false,
});

export interface ChangeEmailValues extends Record<string, string> {
  email: string;
  password: string;
}

export const changeEmailMachine = credentialFormMachine<
  ChangeEmailValues,
  { email: string; password: string }
>({
  id: 'changeEmail',
  description: [
    "The change email tab (docs/product.md §2, §5): CHANGE {field, value}; SUBMIT checks 'New email is required', 'Please",
    "enter a valid email address', 'Password is required' (the current password), then POST /user/change-email.",
    "Saved: the form empties, the toast 'Email changed successfully!', FETCH to the profile (the new address) and",
    'UNVERIFIED {path: /account} to the session (the server cleared the verification: the session goes to',
    "/email-verification until the new link is clicked). A failure puts server field errors at their fields, else the server's or client's",
    "message or 'An unexpected error occurred. Please try again later.'; a cancelled call nothing.",
  ].join(' '),
  empty: { email: '', password: '' },
  rules: [
    { field: 'email', message: accountSecurityMessages.newEmailRequired, valid: (v) => filled(v.email) },
    { field: 'email', message: formMessages.validEmail, valid: (v) => isEmail(v.email) },
    { field: 'password', message: formMessages.passwordRequired, valid: (v) => v.password !== '' },
  ],
  serverFields: { email: 'email', password: 'password' },
  payload: (v) => ({ email: v.email.trim(), password: v.password }),
  success: accountSecurityMessages.emailChanged,
  fallback: accountSecurityMessages.emailFailed,
  changesEmail: true,
});
