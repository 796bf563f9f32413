import codes from 'virtual:calling-codes';
import { PHONE_MAX_LENGTH, type PhoneChange } from '../../../machines/forms/phone';
import type { PrefilledFields } from '../../../machines/forms/prefill';
import { retryableImport } from '../../components/lazy/retryable';

// The phone input without the phone library (libphonenumber-js, ~37 KB gzip with its metadata):
// the dial codes come from a table made at build time (scripts/vite/calling-codes.ts), and the
// library that reads and formats a number loads on the field's first use (docs/decisions/0032).

type PhoneModule = typeof import('./phone');
let library: PhoneModule | undefined;

/** Fetches the phone library (once; again after a failure). */
export const loadPhoneLibrary = retryableImport(() =>
  import('./phone').then((module) => {
    library = module;
    return module;
  }),
);

/** The phone library if it has loaded. */
export function loadedPhoneLibrary(): PhoneModule | undefined {
  return library;
}

/** '+49', or '' for a code the library does not know. */
export function callingCodeOf(iso: string): string {
  const code = codes[iso];
  return code === undefined ? '' : `+${code}`;
}

/**
 * A country chosen in the phone input: a national number typed before (no '+') is read in it;
 * anything else starts over with the country's calling code.
 */
export function choosePhoneCountry(chosen: string, typed = ''): PhoneChange {
  if (/\d/.test(typed) && !typed.trim().startsWith('+')) return readPhoneNow(typed, chosen);
  const text = callingCodeOf(chosen);
  return { text, country: chosen, candidates: text === '' ? [] : [chosen], e164: null, valid: false };
}

/**
 * The typed text as it stands, until the library has read it: kept and shown, not yet valid, of
 * no known country beyond the one chosen. Digits typed in front of a chosen dial code (the caret
 * can stand before the '+49' a choice wrote) are put after it, as the library would read them.
 */
export function unreadPhone(raw: string, chosen: string | null): PhoneChange {
  const code = chosen === null ? '' : callingCodeOf(chosen);
  const at = code === '' ? -1 : raw.indexOf(code);
  const text =
    at > 0 && !raw.startsWith('+') ? `${code}${raw.slice(0, at)}${raw.slice(at + code.length)}` : raw;
  return { text: text.slice(0, PHONE_MAX_LENGTH), country: chosen, candidates: [], e164: null, valid: false };
}

/** The library's reading of `raw` when it has loaded, else the text unread (see `unreadPhone`). */
export function readPhoneNow(raw: string, chosen: string | null): PhoneChange {
  return library ? library.readPhone(raw, chosen) : unreadPhone(raw, chosen);
}

/**
 * The phone input's change for a number typed, or a dial code chosen, in the server's form before
 * the app took over (PhoneField: `phone` and `dialCode`); null when neither was.
 */
export function prefilledPhone({ phone = '', dialCode = '' }: PrefilledFields): PhoneChange | null {
  if (phone === '') return dialCode === '' ? null : choosePhoneCountry(dialCode);
  return readPhoneNow(phone, dialCode || null);
}
