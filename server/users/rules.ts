import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Database } from '../db/database';
import type { FieldErrors } from '../http/api-error';
import { fieldErrors, type HttpError } from '../http/errors';
import { fieldLabel, type Locale, t } from '../i18n/messages';
import { countryExists, countryIsoExists } from './queries';

/**
 * The rules the contract's schemas cannot state (blank after trimming, a real phone number of a
 * listed country, a listed country, matching passwords). Schema rules (lengths, the password
 * rule, the email format) are checked before a handler runs.
 */

/** The sign-up form's order of checks (docs/product.md §5): the first message of the answer is the first broken rule. */
const FIELD_ORDER = [
  'name',
  'surname',
  'email',
  'country',
  'city',
  'phone',
  'address',
  'post_code',
  'current_password',
  'password',
  'password_confirmation',
  'token',
];

/** Broken rules by field, one message each. */
export class RuleErrors {
  private readonly byField = new Map<string, string>();

  add(field: string, message: string): void {
    if (!this.byField.has(field)) this.byField.set(field, message);
  }

  get isEmpty(): boolean {
    return this.byField.size === 0;
  }

  /** The 422 answer, fields in the form's order. */
  toHttpError(): HttpError {
    const rank = (field: string) => {
      const index = FIELD_ORDER.indexOf(field);
      return index === -1 ? FIELD_ORDER.length : index;
    };
    const errors: FieldErrors = {};
    for (const [field, message] of [...this.byField].sort(([a], [b]) => rank(a) - rank(b))) {
      errors[field] = [message];
    }
    return fieldErrors(errors);
  }
}

const CONTROL_CHARACTER = /\p{Cc}/u;

/** A required text field, trimmed; blank or with control characters is an error. */
export function requiredText(errors: RuleErrors, locale: Locale, field: string, value: string): string {
  const trimmed = value.trim();
  const label = fieldLabel(locale, field);
  if (trimmed === '') errors.add(field, t(locale, 'field.required', { label }));
  else if (CONTROL_CHARACTER.test(trimmed)) errors.add(field, t(locale, 'field.format', { label }));
  return trimmed;
}

/** An optional text field: absent stays absent (unchanged), blank clears it (null). */
export function optionalText(
  errors: RuleErrors,
  locale: Locale,
  field: string,
  value: string | undefined,
): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (CONTROL_CHARACTER.test(trimmed))
    errors.add(field, t(locale, 'field.format', { label: fieldLabel(locale, field) }));
  return trimmed === '' ? null : trimmed;
}

export async function checkCountry(
  errors: RuleErrors,
  locale: Locale,
  db: Database,
  id: number,
): Promise<void> {
  // An id that is not in the list is no choice at all, as on the form.
  if (!(await countryExists(db, id))) {
    errors.add('country', t(locale, 'field.required', { label: fieldLabel(locale, 'country') }));
  }
}

/**
 * The number must be a valid one (full metadata, not only its length), `phone` as typed must be
 * the same number, and its country must be one of the store's countries. Errors go on `phone`,
 * the field the form shows.
 */
export async function checkPhone(
  errors: RuleErrors,
  locale: Locale,
  db: Database,
  phone: string,
  phoneE164: string,
): Promise<void> {
  const parsed = parsePhoneNumberFromString(phoneE164);
  const typed = parsed && parsePhoneNumberFromString(phone, parsed.country);
  if (!parsed?.isValid() || parsed.number !== phoneE164 || typed?.number !== phoneE164) {
    errors.add('phone', t(locale, 'field.phone'));
  } else if (parsed.country === undefined || !(await countryIsoExists(db, parsed.country))) {
    errors.add('phone', t(locale, 'auth.phoneCountryUnsupported'));
  }
}

export function checkConfirmation(
  errors: RuleErrors,
  locale: Locale,
  password: string,
  confirmation: string,
): void {
  if (password !== confirmation) errors.add('password_confirmation', t(locale, 'auth.passwordsMismatch'));
}
