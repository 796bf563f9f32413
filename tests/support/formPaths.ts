/**
 * The candidate events of the form machines' path plans (docs/architecture.md §5), shared by the machine tests
 * (tests/machines/forms) and the screens that replay the same paths (tests/ui/auth).
 */
import type { ApiFailure } from '../../domain/api-failure';
import type { forgotPasswordMachine } from '../../machines/forms/forgotPassword';
import type { PhoneChange } from '../../machines/forms/phone';
import type { resetPasswordMachine } from '../../machines/forms/resetPassword';
import type { signInMachine } from '../../machines/forms/signIn';
import { type SignUpEvent, type signUpMachine, signUpRules } from '../../machines/forms/signUp';
import { countries } from './fixtures';
import { afterEvent, doneEvent, errorEvent, type PlanOptions } from './paths';

/** Failures as the api client throws them (src/api/errors.ts ApiError has this shape). */
export const apiFailure = (
  kind: ApiFailure['kind'],
  message: string,
  extra: Partial<Omit<ApiFailure, 'kind' | 'message'>> = {},
): ApiFailure => ({ kind, message, ...extra });

export const cancelled = apiFailure('cancelled', 'Request cancelled');
/** The server's 422 at `field`: its own words (`serverMessage`) are the message and the field's error. */
export const fieldRefused = (field: string, message: string) =>
  apiFailure('validation', message, {
    status: 422,
    serverMessage: message,
    fieldErrors: { [field]: [message] },
  });
/** The server's 409 in its own words: the record changed meanwhile, or is not in the state asked for. */
export const conflictRefused = (message: string) =>
  apiFailure('conflict', message, { status: 409, serverMessage: message });
/** A call's outcomes in a path plan: it succeeds (with `output`), fails with each of `failures`, or is cancelled. */
export const callOutcomes = (actorId: string, failures: readonly unknown[], output?: unknown) => [
  doneEvent(actorId, output),
  ...failures.map((failure) => errorEvent(actorId, failure)),
  errorEvent(actorId, cancelled),
];

/** What tells a form machine's states apart in a path plan: its values, the fields in error, a form error. */
export const formKeyOf = (context: { values: unknown; errors: object; formError: unknown }) => ({
  values: context.values,
  errors: Object.keys(context.errors),
  formError: context.formError !== null,
});

/** A form's events in a path plan: typing each `[field, value]` in turn, SUBMIT, and the call's outcomes. */
export const fillAndSubmit = <F extends string>(
  typed: readonly (readonly [field: F, value: string])[],
  call: string,
  failures: readonly unknown[],
  output?: unknown,
) => [
  ...typed.map(([field, value]) => ({ type: 'CHANGE' as const, field, value })),
  { type: 'SUBMIT' as const },
  ...callOutcomes(call, failures, output),
];

export const rateLimited = apiFailure('rate-limited', 'Too many requests. Please wait a moment.', {
  status: 429,
});
export const serverError = apiFailure('server', 'Server error. Please try again later.', { status: 500 });
export const networkError = apiFailure('network', 'Network error. Please check your connection.');
/** The server's own messages travel as `serverMessage` (ApiError), apart from the client's texts. */
export const wrongCredentials = apiFailure('validation', 'These credentials do not match our records.', {
  status: 422,
  serverMessage: 'These credentials do not match our records.',
  fieldErrors: {},
});
export const emailTaken = fieldRefused('email', 'The email has already been taken.');
export const linkRefused = fieldRefused('token', 'This password reset link is invalid or has expired.');

export const RESET_TOKEN = 'q3Zf8m1VxT0bN7cLkPa9sRw2yHdEuGj4oXiB6tQnMv5';
export const RESET_LINK = { token: RESET_TOKEN, email: 'steve@example.com' };

/** What a visitor typed into the server's form before the app took over (AuthForm sends it). */
export const prefill = (fields: Record<string, string>) => ({ type: 'PREFILL' as const, fields });

export const signInPlan: PlanOptions<typeof signInMachine> = {
  input: { redirectTo: '/cart' },
  events: [
    prefill({ email: 'steve@example.com', password: 'Diamond7' }),
    { type: 'CHANGE', field: 'email', value: 'steve' },
    { type: 'CHANGE', field: 'email', value: 'steve@example.com' },
    { type: 'CHANGE', field: 'password', value: 'Diamond7' },
    { type: 'SUBMIT' },
    ...callOutcomes('login', [wrongCredentials, rateLimited], { token: 'tok', emailVerified: true }),
    { type: 'SEND_LINK' },
    ...callOutcomes(
      'requestLoginLink',
      [serverError],
      'If an account exists for this address, a sign-in link is on its way.',
    ),
  ],
};

export const forgotPasswordPlan: PlanOptions<typeof forgotPasswordMachine> = {
  events: [
    prefill({ email: 'steve@example.com' }),
    { type: 'CHANGE', field: 'email', value: 'steve' },
    { type: 'CHANGE', field: 'email', value: 'steve@example.com' },
    { type: 'SUBMIT' },
    ...callOutcomes('requestReset', [serverError]),
  ],
};

export const resetPasswordPlan: PlanOptions<typeof resetPasswordMachine> = {
  inputs: [RESET_LINK, { token: undefined, email: undefined }],
  events: [
    prefill({ password: 'Diamond7', password_confirmation: 'Diamond7' }),
    { type: 'CHANGE', field: 'password', value: 'Diamond7' },
    { type: 'CHANGE', field: 'passwordConfirmation', value: 'Diamond7' },
    { type: 'SUBMIT' },
    ...callOutcomes('checkResetLink', [linkRefused, serverError]),
    ...callOutcomes('restorePassword', [linkRefused, serverError]),
  ],
};

export const phoneChange = (change: Partial<PhoneChange> & Pick<PhoneChange, 'text'>): SignUpEvent => ({
  type: 'PHONE_CHANGED',
  change: { country: 'DE', candidates: ['DE'], e164: null, valid: false, ...change },
});
export const RUSSIAN_NUMBER = phoneChange({ text: '+7 912', country: 'RU', candidates: ['RU'] });
export const GERMAN_NUMBER = phoneChange({ text: '+49 30 901820', e164: '+4930901820', valid: true });
export const PASSWORD_RULE =
  'Password must be 6 to 12 characters with at least 1 lower case [a-z], 1 upper case [A-Z] and 1 numeric [0-9], and no spaces';

/**
 * docs/product.md §5's sign-up messages in order, each with its field and the edit that fixes it: applied one
 * after the other from an empty form, every SUBMIT shows the next message.
 */
export const SIGN_UP_ORDER: ReadonlyArray<readonly [message: string, field: string, fix: SignUpEvent]> = [
  ['Name is required', 'name', { type: 'CHANGE', field: 'name', value: 'Alex' }],
  ['Surname is required', 'surname', { type: 'CHANGE', field: 'surname', value: 'Stone' }],
  ['Email is required', 'email', { type: 'CHANGE', field: 'email', value: 'alex.stone' }],
  ['Country is required', 'country', { type: 'CHANGE', field: 'country', value: '83' }],
  ['City is required', 'city', { type: 'CHANGE', field: 'city', value: 'Berlin' }],
  [
    'Please enter a valid email address',
    'email',
    { type: 'CHANGE', field: 'email', value: 'alex@example.com' },
  ],
  ['Phone number is required', 'phone', phoneChange({ text: '+49 30' })],
  ['Please enter a valid phone number', 'phone', GERMAN_NUMBER],
  ['Password is required', 'password', { type: 'CHANGE', field: 'password', value: 'diamond' }],
  [PASSWORD_RULE, 'password', { type: 'CHANGE', field: 'password', value: 'Diamond7' }],
  [
    'Please confirm your password',
    'passwordConfirmation',
    { type: 'CHANGE', field: 'passwordConfirmation', value: 'Diamond8' },
  ],
  [
    'Passwords do not match',
    'passwordConfirmation',
    { type: 'CHANGE', field: 'passwordConfirmation', value: 'Diamond7' },
  ],
  ['Please accept the terms and privacy policy', 'terms', { type: 'ACCEPT_TERMS', accepted: true }],
];

export const signUpPlan: PlanOptions<typeof signUpMachine> = {
  input: { countries },
  // Only the edit that fixes the first broken rule is offered, so the form fills in docs/product.md §5's order.
  events: (snapshot) => {
    const broken = signUpRules.findIndex((rule) => !rule.valid(snapshot.context.values));
    const fix = SIGN_UP_ORDER[broken]?.[2];
    return [
      ...(fix ? [fix] : []),
      { type: 'SUBMIT' },
      prefill({ name: 'Alex', surname: 'Stone', city: 'Berlin', terms: 'on' }),
      RUSSIAN_NUMBER,
      doneEvent('guessCountry', 'AT'),
      errorEvent('guessCountry', new TypeError('Failed to fetch')),
      ...callOutcomes('register', [emailTaken], { token: 'tok', emailVerified: false }),
      afterEvent(500, 'signUp.lock.locked'),
      afterEvent(500, 'signUp.phoneNotice.pending'),
    ];
  },
};
