import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { PHONE_MAX_LENGTH, type PhoneChange } from '../../../machines/forms/phone';

// The phone library's part of the phone input: a chunk of its own, loaded when a number is first
// typed (phoneLibrary.ts, docs/decisions/0032).

/**
 * What the phone library reads from the typed text (docs/product.md §5: international format, auto-format,
 * max 25). Digits typed without '+' are a national number of the chosen country ('00' is the
 * international call prefix); with no country chosen they stay as typed until one is. The chosen
 * country stays while the number is in its calling code: +44 is also Guernsey, Jersey and the Isle
 * of Man, and a number the library places there must not change what the customer chose.
 */
export function readPhone(raw: string, chosen: string | null): PhoneChange {
  const country = asCountry(chosen);
  const digits = raw.replace(/[^\d+]/g, '');
  const typed = digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
  if (typed === '') return { text: '', country: chosen, candidates: [], e164: null, valid: false };
  if (!typed.startsWith('+') && country === undefined) {
    return { text: raw.slice(0, PHONE_MAX_LENGTH), country: null, candidates: [], e164: null, valid: false };
  }
  const international = typed.startsWith('+')
    ? `+${typed.slice(1).replaceAll('+', '')}`
    : toInternational(typed, country);
  const typer = new AsYouType();
  const text = typer.input(international).slice(0, PHONE_MAX_LENGTH);
  const callingCode = typer.getCallingCode();
  const kept = country !== undefined && callingCode === getCountryCallingCode(country) ? country : undefined;
  const recognised = kept ?? typer.getCountry();
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

function toInternational(digits: string, country: CountryCode | undefined): string {
  if (!country) return `+${digits}`;
  const national = new AsYouType(country);
  national.input(digits);
  return national.getNumber()?.number ?? `+${getCountryCallingCode(country)}${digits.replace(/^0+/, '')}`;
}

function asCountry(iso: string | null): CountryCode | undefined {
  return iso !== null && isSupportedCountry(iso) ? iso : undefined;
}
