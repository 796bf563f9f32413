import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { PHONE_MAX_LENGTH, type PhoneChange } from '../../../machines/forms/phone';
import type { PrefilledFields } from '../../../machines/forms/prefill';

/**
 * What the phone library reads from the typed text (SPEC §5: international format, auto-format,
 * max 25). Digits typed without '+' are a national number of the chosen country.
 */
export function readPhone(raw: string, chosen: string | null): PhoneChange {
  const country = asCountry(chosen);
  const typed = raw.replace(/[^\d+]/g, '');
  if (typed === '') return { text: '', country: chosen, candidates: [], e164: null, valid: false };
  const international = typed.startsWith('+')
    ? `+${typed.slice(1).replaceAll('+', '')}`
    : toInternational(typed, country);
  const typer = new AsYouType();
  const text = typer.input(international).slice(0, PHONE_MAX_LENGTH);
  const recognised = typer.getCountry();
  const callingCode = typer.getCallingCode();
  const candidates = recognised
    ? [recognised]
    : callingCode
      ? getCountries().filter((code) => getCountryCallingCode(code) === callingCode)
      : [];
  const parsed = parsePhoneNumberFromString(text);
  return {
    text,
    country: recognised ?? (chosen !== null && candidates.includes(chosen as CountryCode) ? chosen : null),
    candidates,
    e164: parsed?.number ?? null,
    valid: parsed?.isValid() ?? false,
  };
}

/** A country chosen in the phone input: the number starts over with its calling code. */
export function choosePhoneCountry(chosen: string): PhoneChange {
  const country = asCountry(chosen);
  const text = country ? `+${getCountryCallingCode(country)}` : '';
  return { text, country: chosen, candidates: country ? [country] : [], e164: null, valid: false };
}

/** '+49', or '' for a code the library does not know. */
export function callingCodeOf(iso: string): string {
  const country = asCountry(iso);
  return country ? `+${getCountryCallingCode(country)}` : '';
}

function toInternational(digits: string, country: CountryCode | undefined): string {
  if (!country) return `+${digits}`;
  const national = new AsYouType(country);
  national.input(digits);
  return national.getNumber()?.number ?? `+${getCountryCallingCode(country)}${digits.replace(/^0+/, '')}`;
}

function asCountry(iso: string | null): CountryCode | undefined {
  return iso !== null && isSupportedCountry(iso) ? iso : undefined;
}

/**
 * The phone input's change for a number typed, or a dial code chosen, in the server's form before
 * the app took over (PhoneField: `phone` and `dialCode`); null when neither was.
 */
export function prefilledPhone({ phone = '', dialCode = '' }: PrefilledFields): PhoneChange | null {
  if (phone === '') return dialCode === '' ? null : choosePhoneCountry(dialCode);
  return readPhone(phone, dialCode || null);
}
