import { assign, enqueueActions } from 'xstate';
import { defineMessages, type MessageText } from '../text';
import { toast } from '../toasts';
import { isEmail, newPasswordRules } from './credentials';
import { formMachine } from './formMachine';
import { formMessages } from './messages';
import { filled, NO_ERRORS } from './rules';

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

/** What both forms do once saved: the form empties and a toast says so. */
const saved = (empty: object, success: MessageText) => ({
  onDone: { target: 'editing', actions: ['empty', 'announce'] },
  actions: {
    empty: assign({ values: empty, ...NO_ERRORS }),
    announce: toast('success', success),
  },
});

export interface ChangePasswordValues {
  current: string;
  password: string;
  confirmation: string;
}
export interface ChangePasswordPayload {
  current_password: string;
  password: string;
  password_confirmation: string;
}

const EMPTY_PASSWORDS: ChangePasswordValues = { current: '', password: '', confirmation: '' };

export const changePasswordMachine = formMachine({
  id: 'changePassword',
  description: [
    "The change password tab (docs/product.md §2, §5): CHANGE {field, value}; SUBMIT checks 'Password is required' (current,",
    "then new), the password rule, 'Please confirm your password', 'Passwords do not match', then POST",
    "/user/change-password. Saved: the form empties and the toast 'Password changed successfully' (the server",
    "ends the other sessions). A failure puts server field errors at their fields, else the server's or",
    "client's message or 'Failed to update password'; a cancelled call nothing. SUBMIT is not accepted while saving.",
  ].join(' '),
  context: () => ({ values: EMPTY_PASSWORDS }),
  rules: [
    { field: 'current', message: formMessages.passwordRequired, valid: (v) => v.current !== '' },
    ...newPasswordRules('password', 'confirmation'),
  ],
  fieldsFromServer: {
    current_password: 'current',
    password: 'password',
    password_confirmation: 'confirmation',
  },
  failureMessage: accountSecurityMessages.passwordFailed,
  request: {
    id: 'save',
    input: ({ values: v }): ChangePasswordPayload => ({
      current_password: v.current,
      password: v.password,
      password_confirmation: v.confirmation,
    }),
  },
  sending: 'saving',
  ...saved(EMPTY_PASSWORDS, accountSecurityMessages.passwordChanged),
});

export interface ChangeEmailValues {
  email: string;
  password: string;
}

export interface ChangeEmailPayload {
  email: string;
  password: string;
}

const EMPTY_EMAIL: ChangeEmailValues = { email: '', password: '' };
const emailSaved = saved(EMPTY_EMAIL, accountSecurityMessages.emailChanged);

export const changeEmailMachine = formMachine({
  id: 'changeEmail',
  description: [
    "The change email tab (docs/product.md §2, §5): CHANGE {field, value}; SUBMIT checks 'New email is required', 'Please",
    "enter a valid email address', 'Password is required' (the current password), then POST /user/change-email.",
    "Saved: the form empties, the toast 'Email changed successfully!', FETCH to the profile (the new address) and",
    'UNVERIFIED {path: /account} to the session (the server cleared the verification: the session goes to',
    "/email-verification until the new link is clicked). A failure puts server field errors at their fields, else the server's or client's",
    "message or 'An unexpected error occurred. Please try again later.'; a cancelled call nothing.",
  ].join(' '),
  context: () => ({ values: EMPTY_EMAIL }),
  rules: [
    { field: 'email', message: accountSecurityMessages.newEmailRequired, valid: (v) => filled(v.email) },
    { field: 'email', message: formMessages.validEmail, valid: (v) => isEmail(v.email) },
    { field: 'password', message: formMessages.passwordRequired, valid: (v) => v.password !== '' },
  ],
  fieldsFromServer: { email: 'email', password: 'password' },
  failureMessage: accountSecurityMessages.emailFailed,
  request: {
    id: 'save',
    input: ({ values: v }): ChangeEmailPayload => ({ email: v.email.trim(), password: v.password }),
  },
  sending: 'saving',
  onDone: { target: 'editing', actions: [...emailSaved.onDone.actions, 'emailChanged'] },
  actions: {
    ...emailSaved.actions,
    /**
     * The profile is fetched again (the address is part of it) and the session is told the address
     * is unverified (the server clears the verification, ADR 0002), which sends the customer to the
     * verification page until the new link is clicked.
     */
    emailChanged: enqueueActions(({ enqueue, system }) => {
      enqueue.sendTo(system.get('profile'), { type: 'FETCH' });
      const unverified = { type: 'UNVERIFIED' as const, path: ACCOUNT_PATH };
      enqueue.sendTo(system.get('session'), unverified);
    }),
  },
});
