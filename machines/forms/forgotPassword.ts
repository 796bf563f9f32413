import { assign, fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import type { Text } from '../text';
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
} from './rules';

export interface ForgotPasswordValues {
  email: string;
}
export type ForgotPasswordField = keyof ForgotPasswordValues;

/** docs/product.md §5 "Forgot password", then the email format (as for change email). */
export const forgotPasswordRules: readonly Rule<ForgotPasswordValues, ForgotPasswordField>[] = [
  { field: 'email', message: formMessages.emailAddressRequired, valid: (v) => filled(v.email) },
  { field: 'email', message: formMessages.validEmail, valid: (v) => isEmail(v.email) },
];

export interface ForgotPasswordContext extends FormErrors<ForgotPasswordField> {
  values: ForgotPasswordValues;
  errors: FieldErrors<ForgotPasswordField>;
  /** The success notice, once a link went out. */
  notice: Text | null;
}

export type ForgotPasswordEvent =
  | { type: 'CHANGE'; field: ForgotPasswordField; value: string }
  | PrefillEvent
  | { type: 'SUBMIT' };

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    /** POST /user/reset-password {email}. */
    requestReset: fromPromise<void, { email: string }>(async () => {
      throw new Error('requestReset is not provided');
    }),
  },
  guards: {
    invalid: ({ context }) => !isValid(forgotPasswordRules, context.values),
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
  actions: {
    change: assign(({ context }, params: { field: ForgotPasswordField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
      errors: {},
      formError: null,
    })),
    prefill: assign(({ context }, fields: PrefillEvent['fields']) => ({
      values: prefilled(context.values, fields, { email: 'email' }),
    })),
    showFirstFailure: assign(({ context }) => ({
      ...firstFailure(forgotPasswordRules, context.values),
      notice: null,
    })),
    startSending: assign({ ...NO_ERRORS, notice: null }),
    showSent: assign({ notice: formMessages.resetLinkSent }),
    showFailure: assign((_, params: { error: unknown }) =>
      failureErrors(params.error, { email: 'email' }, formMessages.resetEmailFailed),
    ),
  },
}).createMachine({
  id: 'forgotPassword',
  description: [
    "The Forgot Password form (docs/product.md §2, §5). CHANGE edits the email; SUBMIT checks 'Please enter your email",
    "address', then 'Please enter a valid email address', and sends POST /user/reset-password. Success shows",
    "the notice 'Password reset link sent. Please check your email.' and the form stays for another try; a",
    "failure shows a server field error on the email, else the message (server's, 429/5xx/network, or 'Failed",
    "to send reset email'); a cancelled call shows nothing. SUBMIT is not accepted while sending. PREFILL",
    '{fields} takes the email typed into the server-rendered form before the app took over.',
  ].join(' '),
  context: { values: { email: '' }, errors: {}, formError: null, notice: null },
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
          { target: 'sending', actions: 'startSending' },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.values.email.trim() }),
        onDone: { target: 'editing', actions: 'showSent' },
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
