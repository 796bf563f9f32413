import { assign } from 'xstate';
import type { Text } from '../text';
import { isEmail } from './credentials';
import { type FormContext, type FormEvent, formMachine } from './formMachine';
import { formMessages } from './messages';
import { filled, type Rule } from './rules';

export interface ForgotPasswordValues {
  email: string;
}
export type ForgotPasswordField = keyof ForgotPasswordValues;

/** docs/product.md §5 "Forgot password", then the email format (as for change email). */
export const forgotPasswordRules: readonly Rule<ForgotPasswordValues, ForgotPasswordField>[] = [
  { field: 'email', message: formMessages.emailAddressRequired, valid: (v) => filled(v.email) },
  { field: 'email', message: formMessages.validEmail, valid: (v) => isEmail(v.email) },
];

export interface ForgotPasswordContext extends FormContext<ForgotPasswordValues, ForgotPasswordField> {
  /** The success notice, once a link went out. */
  notice: Text | null;
}

export type ForgotPasswordEvent = FormEvent<ForgotPasswordField>;

export const forgotPasswordMachine = formMachine({
  types: { events: {} as ForgotPasswordEvent },
  id: 'forgotPassword',
  description: [
    "The Forgot Password form (docs/product.md §2, §5). CHANGE edits the email; SUBMIT checks 'Please enter your email",
    "address', then 'Please enter a valid email address', and sends POST /user/reset-password. Success shows",
    "the notice 'Password reset link sent. Please check your email.' and the form stays for another try; a",
    "failure shows a server field error on the email, else the message (server's, 429/5xx/network, or 'Failed",
    "to send reset email'); a cancelled call shows nothing. SUBMIT is not accepted while sending. PREFILL",
    '{fields} takes the email typed into the server-rendered form before the app took over.',
  ].join(' '),
  context: () => ({ values: { email: '' }, notice: null as Text | null }),
  rules: forgotPasswordRules,
  fieldsFromServer: { email: 'email' },
  prefill: { email: 'email' },
  failureMessage: formMessages.resetEmailFailed,
  /** POST /user/reset-password {email}. */
  request: { id: 'requestReset', input: ({ values }) => ({ email: values.email.trim() }) },
  onDone: { target: 'editing', actions: 'showSent' },
  onSubmit: ['clearNotice'],
  actions: {
    clearNotice: assign({ notice: null }),
    showSent: assign({ notice: formMessages.resetLinkSent }),
  },
});
