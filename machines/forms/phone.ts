import { type FieldErrors, withoutError } from './rules';

/**
 * The phone input of docs/product.md §5 as the sign-up form sees it. Parsing and formatting are the phone
 * library's (src/features/forms/phone.ts); the form decides only what the countries allow.
 */

export const PHONE_MAX_LENGTH = 25;
/** docs/product.md §9: the 'not supported' toast waits this long after the last such input. */
export const PHONE_NOTICE_DEBOUNCE_MS = 500;

/** The number as typed (international format) and what the phone library read from it. */
export interface PhoneValue {
  text: string;
  /** ISO 3166-1 alpha-2 of the number or of the chosen country; null when unknown. */
  country: string | null;
  /** E.164 form, e.g. '+4930901820', once there are enough digits. */
  e164: string | null;
  /** True when the library says the number is valid. */
  valid: boolean;
}

export interface PhoneChange extends PhoneValue {
  /**
   * The countries the number may belong to: the one the library recognised, or every country of
   * its calling code while that is ambiguous (+1, +7, +44 …); empty before a calling code is typed.
   */
  candidates: string[];
}

export const EMPTY_PHONE: PhoneValue = { text: '', country: null, e164: null, valid: false };

/** A form with its phone field changed (PHONE_CHANGED): the new number, and its message gone. */
export function withPhone<V extends { phone: PhoneValue }, F extends string>(
  context: { values: V; errors: FieldErrors<F> },
  change: PhoneChange,
): { values: V; errors: FieldErrors<F>; formError: null } {
  const { candidates: _candidates, ...phone } = change;
  return {
    values: { ...context.values, phone },
    errors: withoutError(context.errors, 'phone' as F),
    formError: null,
  };
}

/** A number from a country outside the list (none of its candidates is allowed). */
export function isUnsupportedPhone(change: PhoneChange, allowed: readonly string[]): boolean {
  return change.candidates.length > 0 && !change.candidates.some((iso) => allowed.includes(iso));
}

/**
 * The IP lookup's answer (docs/product.md §5): a text starting with '1' is a success and carries the country
 * code at characters 3–4 (e.g. '1;DE;DEU;Germany'); anything else is no guess.
 */
export function countryFromIpLookup(text: string): string | null {
  if (!text.startsWith('1')) return null;
  const code = text.slice(2, 4).toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : null;
}
