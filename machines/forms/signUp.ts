import { and, assign, stateIn } from 'xstate';
import type { Country } from '../shapes';
import { defineMessages, type MessageText, withValues } from '../text';
import { toast } from '../toasts';
import { isEmail, newPasswordRules } from './credentials';
import { type DoneEvent, type FormContext, type FormEvent, formMachine, notProvided } from './formMachine';
import { guestIntentNotice } from './guestIntent';
import { formMessages } from './messages';
import {
  EMPTY_PHONE,
  isUnsupportedPhone,
  PHONE_NOTICE_DEBOUNCE_MS,
  type PhoneChange,
  type PhoneValue,
  withPhone,
} from './phone';
import { type FormErrors, filled, isValid, type Rule, withoutError } from './rules';
import { type NavigateEmitted, signedIn } from './signIn';

export interface SignUpValues {
  name: string;
  surname: string;
  email: string;
  /** The chosen `Country.id`, as text; '' when none. */
  country: string;
  city: string;
  phone: PhoneValue;
  password: string;
  passwordConfirmation: string;
  /** Terms and privacy policy accepted. */
  terms: boolean;
}
export type SignUpField = keyof SignUpValues;
export type SignUpTextField = Exclude<SignUpField, 'phone' | 'terms'>;

/** docs/product.md §9: a sent sign-up locks the button this long against a double submit. */
export const SUBMIT_LOCK_MS = 500;

/** docs/product.md §5 "Sign Up", checked in this order; the password rule sits with the password's own checks. */
export const signUpRules: readonly Rule<SignUpValues, SignUpField>[] = [
  { field: 'name', message: formMessages.nameRequired, valid: (v) => filled(v.name) },
  { field: 'surname', message: formMessages.surnameRequired, valid: (v) => filled(v.surname) },
  { field: 'email', message: formMessages.emailRequired, valid: (v) => filled(v.email) },
  { field: 'country', message: formMessages.countryRequired, valid: (v) => v.country !== '' },
  { field: 'city', message: formMessages.cityRequired, valid: (v) => filled(v.city) },
  { field: 'email', message: formMessages.validEmail, valid: (v) => isEmail(v.email) },
  { field: 'phone', message: formMessages.phoneRequired, valid: (v) => filled(v.phone.text) },
  {
    field: 'phone',
    message: formMessages.validPhone,
    valid: (v) => v.phone.valid && v.phone.e164 !== null,
  },
  ...newPasswordRules('password', 'passwordConfirmation'),
  { field: 'terms', message: formMessages.acceptTerms, valid: (v) => v.terms },
];

/** POST /register's body (docs/product.md §7): `country` is a `Country.id`; the terms are the form's own check. */
export interface RegisterPayload {
  name: string;
  surname: string;
  email: string;
  phone: string;
  phoneE164: string;
  password: string;
  password_confirmation: string;
  city: string;
  country: number;
}

export function registerPayload(values: SignUpValues): RegisterPayload {
  return {
    name: values.name.trim(),
    surname: values.surname.trim(),
    email: values.email.trim(),
    phone: values.phone.text.trim(),
    phoneE164: values.phone.e164 ?? '',
    password: values.password,
    password_confirmation: values.passwordConfirmation,
    city: values.city.trim(),
    country: Number(values.country),
  };
}

/** Server field names of POST /register → the form's fields. */
const SERVER_FIELDS: Record<string, SignUpField> = {
  name: 'name',
  surname: 'surname',
  email: 'email',
  phone: 'phone',
  phoneE164: 'phone',
  password: 'password',
  password_confirmation: 'passwordConfirmation',
  city: 'city',
  country: 'country',
};

export interface SignUpInput {
  /** The server's countries: the phone input accepts numbers of these only (by `iso`). */
  countries: readonly Country[];
  /** Where to go once signed up: the `redirect` query (a same-site path); /account when absent. */
  redirectTo?: string | undefined;
}

export interface SignUpContext extends FormContext<SignUpValues, SignUpField> {
  countries: readonly Country[];
  /** ISO codes the phone input accepts. */
  phoneCountries: string[];
  redirectTo: string;
  /** Why the guest was sent here (an Add to cart waiting for an account), shown above the form. */
  notice: MessageText | null;
}

export type SignUpEvent =
  | FormEvent<SignUpTextField>
  | { type: 'PHONE_CHANGED'; change: PhoneChange }
  | { type: 'ACCEPT_TERMS'; accepted: boolean };

/**
 * The sign-up form's inputs by their `name` in the HTML (the same as the fields'); the screen
 * sends a phone number typed into it as PHONE_CHANGED.
 */
const INPUTS: Readonly<Record<string, SignUpField>> = {
  name: 'name',
  surname: 'surname',
  email: 'email',
  city: 'city',
  password: 'password',
  passwordConfirmation: 'passwordConfirmation',
  terms: 'terms',
};

export const initialSignUpValues: SignUpValues = {
  name: '',
  surname: '',
  email: '',
  country: '',
  city: '',
  phone: EMPTY_PHONE,
  password: '',
  passwordConfirmation: '',
  terms: false,
};

/** Until a number is typed, the phone input takes the country chosen in the Country field (if allowed). */
function phoneFollowingCountry(
  context: Omit<SignUpContext, keyof FormErrors<SignUpField>>,
  countryId: string,
): PhoneValue {
  const { phone } = context.values;
  if (phone.text !== '') return phone;
  const iso = context.countries.find((country) => String(country.id) === countryId)?.iso.toUpperCase();
  return iso !== undefined && context.phoneCountries.includes(iso) ? { ...phone, country: iso } : phone;
}

const signUpMessages = defineMessages({
  verificationSent: {
    id: 'auth.signUp.verificationSent',
    defaultMessage: 'Welcome! We sent a link to {email}: open it to verify your email address.',
  },
});

export const signUpMachine = formMachine({
  types: { events: {} as SignUpEvent, input: {} as SignUpInput, emitted: {} as NavigateEmitted },
  id: 'signUp',
  description: [
    'The Sign Up form (docs/product.md §2, §5). CHANGE {field, value}, PHONE_CHANGED {change} and ACCEPT_TERMS {accepted}',
    "edit the values and clear that field's message. SUBMIT shows the first broken rule of docs/product.md §5's order at",
    'its field, or sends POST /register; a sent sign-up locks SUBMIT for 500 ms (lock), and SUBMIT is not',
    'accepted while registering. A failure puts server field errors on their fields, else the message',
    "(server's, 429/5xx/network, or 'Registration failed'); success sends SIGNED_IN {token, emailVerified} to the session, a toast {success} that a verification link went to the address, and emits",
    'navigate {to: redirectTo} (/account unless a redirect came along; one that adds to the cart also gives the',
    "notice 'Create an account to add items to your cart'). A phone number of a country outside the server's list is cleared with 'This",
    "country is not supported' at the field, and a toast {error} 500 ms after the last such input (phoneNotice).",
    "guessCountry (the IP lookup), or else the Country field, preselects the phone's country when it is allowed and no number was typed.",
    'PREFILL {fields} takes what was typed into the server-rendered form before the app took over: the text',
    'fields and the terms box (ticked when present); the screen sends a phone number typed then as PHONE_CHANGED.',
  ].join(' '),
  context: (input: SignUpInput) => ({
    values: initialSignUpValues,
    countries: input.countries,
    phoneCountries: input.countries.map((country) => country.iso.toUpperCase()),
    redirectTo: input.redirectTo ?? '/account',
    notice: guestIntentNotice(input.redirectTo, 'signUp'),
  }),
  rules: signUpRules,
  fieldsFromServer: SERVER_FIELDS,
  prefill: INPUTS,
  failureMessage: formMessages.registrationFailed,
  /** POST /register. */
  request: { id: 'register', input: ({ values }) => registerPayload(values) },
  sending: 'registering',
  onDone: {
    ...signedIn('registered').onDone,
    actions: [
      ...signedIn('registered').onDone.actions,
      {
        type: 'notifyVerificationSent',
        params: ({ context }: { context: SignUpContext }) => ({
          kind: 'success' as const,
          text: withValues(signUpMessages.verificationSent, { email: context.values.email.trim() }),
        }),
      },
    ],
  },
  alsoChange: (context, field, value) =>
    field === 'country' ? { phone: phoneFollowingCountry(context, value) } : {},
  submitGuard: 'lockOpen',
  states: ({ editing, request }) => ({ editing, registering: request, registered: { type: 'final' } }),
  invoke: {
    id: 'guessCountry',
    src: 'guessCountry',
    onDone: {
      guard: {
        type: 'usableGuess',
        params: ({ event }: { event: DoneEvent<string | null> }) => ({ country: event.output }),
      },
      actions: {
        type: 'guessPhoneCountry',
        params: ({ event }: { event: DoneEvent<string | null> }) => ({ country: event.output }),
      },
    },
    onError: { description: 'A failed lookup is no guess (docs/product.md §5).' },
  },
  on: {
    ACCEPT_TERMS: {
      actions: { type: 'acceptTerms', params: ({ event }: { event: { accepted: boolean } }) => event },
    },
  },
  regions: {
    lock: {
      description: 'docs/product.md §9: 500 ms from a sent sign-up, further submissions are ignored.',
      initial: 'open',
      states: {
        open: { on: { SUBMIT: { guard: and(['editing', 'valid']), target: 'locked' } } },
        locked: { after: { [SUBMIT_LOCK_MS]: 'open' } },
      },
    },
    phoneNotice: {
      description: "The 'not supported' toast, debounced: every unsupported number restarts the 500 ms wait.",
      initial: 'quiet',
      states: {
        quiet: {
          on: {
            PHONE_CHANGED: [
              { guard: 'unsupportedPhone', target: 'pending', actions: 'rejectPhone' },
              { actions: { type: 'setPhone', params: ({ event }: { event: SignUpEvent }) => event } },
            ],
          },
        },
        pending: {
          after: { [PHONE_NOTICE_DEBOUNCE_MS]: { target: 'quiet', actions: 'notifyUnsupported' } },
          on: {
            PHONE_CHANGED: [
              { guard: 'unsupportedPhone', target: 'pending', reenter: true, actions: 'rejectPhone' },
              { actions: { type: 'setPhone', params: ({ event }: { event: SignUpEvent }) => event } },
            ],
          },
        },
      },
    },
  },
  actors: {
    /** The IP lookup of docs/product.md §5: an ISO country code, or null for no guess. */
    guessCountry: notProvided('guessCountry'),
  },
  guards: {
    valid: ({ context }: { context: SignUpContext }) => isValid(signUpRules, context.values),
    lockOpen: stateIn('#signUp.lock.open'),
    editing: stateIn('#signUp.form.editing'),
    unsupportedPhone: ({ context, event }: { context: SignUpContext; event: SignUpEvent }) =>
      event.type === 'PHONE_CHANGED' && isUnsupportedPhone(event.change, context.phoneCountries),
    /** A guess the phone input can use: an allowed country, and nothing typed or chosen yet. */
    usableGuess: ({ context }: { context: SignUpContext }, params: { country: string | null }) =>
      params.country !== null &&
      context.phoneCountries.includes(params.country) &&
      context.values.phone.text === '' &&
      context.values.phone.country === null,
  },
  actions: {
    ...signedIn('registered').actions,
    acceptTerms: assign(({ context }: { context: SignUpContext }, params: { accepted: boolean }) => ({
      values: { ...context.values, terms: params.accepted },
      errors: withoutError(context.errors, 'terms'),
      formError: null,
    })),
    setPhone: assign(({ context }: { context: SignUpContext }, params: { change: PhoneChange }) =>
      withPhone(context, params.change),
    ),
    /** docs/product.md §5: a number of another country is cleared and its field says why. */
    rejectPhone: assign(({ context }: { context: SignUpContext }) => ({
      values: { ...context.values, phone: { ...EMPTY_PHONE, country: context.values.phone.country } },
      errors: { ...context.errors, phone: formMessages.countryNotSupported },
    })),
    guessPhoneCountry: assign(
      ({ context }: { context: SignUpContext }, params: { country: string | null }) => ({
        values: { ...context.values, phone: { ...context.values.phone, country: params.country } },
      }),
    ),
    notifyUnsupported: toast('error', formMessages.countryNotSupported),
    notifyVerificationSent: toast(),
  },
});
