export type DateInput = Date | string | number;

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Date, or null when the input is not a valid date. A bare 'YYYY-MM-DD' is a local calendar date. */
function toDate(input: DateInput): Date | null {
  if (typeof input === 'string') {
    const parts = dateOnly.exec(input);
    if (parts) return new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  }
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A date: with the customer's language (`locale`), that locale's own numeric form ('11/27/2026' in
 * English, '27.11.2026' in German); without one, the default of docs/product.md §9, 'DD.MM.YYYY'
 * (local time). '' for an invalid date.
 */
export function formatDate(input: DateInput, locale?: string): string {
  const date = toDate(input);
  if (!date) return '';
  if (locale !== undefined) {
    const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
    try {
      return new Intl.DateTimeFormat(locale, options).format(date);
    } catch {
      // An unknown locale: the default format below.
    }
  }
  return `${twoDigits(date.getDate())}.${twoDigits(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/**
 * The join date of the profile, 'MMM D, YYYY' ('Mar 14, 2026') in English; other languages get
 * their own order and month names. '' for an invalid date.
 */
export function formatJoinDate(input: DateInput, locale = 'en'): string {
  const date = toDate(input);
  if (!date) return '';
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date);
  }
}
