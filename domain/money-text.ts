import { COIN_DECIMALS, decimalsFor } from './money';

/**
 * Money as text: exact decimal strings of minor units, amounts typed by a customer, and amounts
 * formatted for a locale. Intl.NumberFormat takes the decimal string, never a float, so the
 * digits shown are the digits stored.
 */

/** Minor units as an exact decimal string: (125050, 2) → '1250.50', (1780, 3) → '1.780'. */
export function toDecimalString(minor: number, decimals: number): `${number}` {
  if (!Number.isSafeInteger(minor)) throw new RangeError('amount must be integer minor units');
  const digits = Math.abs(minor)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${minor < 0 ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}` as `${number}`;
}

/**
 * An amount typed by a user ('12', '12.5', '12,50') as minor units, or null when it is not a
 * positive number with at most `decimals` decimal places.
 */
export function parseAmount(text: string, decimals: number): number | null {
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  const minor = Number(`${whole}${fraction.padEnd(decimals, '0')}`);
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

/** A decimal written with a point ('3.56') as the locale writes it ('3,56' in German). */
export function localDecimal(text: string, locale: string): string {
  const separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal');
  return text.replace('.', separator?.value ?? '.');
}

/**
 * A signed amount typed by an operator ('-12.50', '+5', '7,25') as minor units, or null when it
 * is not a non-zero number with at most `decimals` decimal places.
 */
export function parseSignedAmount(text: string, decimals: number): number | null {
  const trimmed = text.trim();
  const sign = trimmed.startsWith('-') ? -1 : 1;
  const digits = trimmed.startsWith('-') || trimmed.startsWith('+') ? trimmed.slice(1) : trimmed;
  const minor = /^\d/.test(digits) ? parseAmount(digits, decimals) : null;
  return minor === null ? null : sign * minor;
}

function numberFormat(locale: string, decimals: number, options: Intl.NumberFormatOptions = {}) {
  return new Intl.NumberFormat(locale, {
    ...options,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/**
 * Coins (minor units) with 2 decimals and the locale's separators: 125050 → '1,250.50'; with the
 * coin currency's name for a message: '12.50 Coins'.
 */
export function formatCoins(minor: number, locale = 'en', name?: string): string {
  const text = numberFormat(locale, COIN_DECIMALS).format(toDecimalString(minor, COIN_DECIMALS));
  return name === undefined ? text : `${text} ${name}`;
}

/**
 * An amount of a display currency (minor units) with the currency's decimals, placed the way the
 * locale places currency: with the server's symbol when one is given ((540, USD '$') → '$5.40'),
 * else Intl's ('€5.00', '¥880', 'KWD 1.780').
 */
export function formatMoney(
  minor: number,
  currency: { code: string; symbol?: string },
  locale = 'en',
): string {
  const decimals = decimalsFor(currency.code);
  const format = numberFormat(locale, decimals, { style: 'currency', currency: currency.code });
  const value = toDecimalString(minor, decimals);
  const { symbol } = currency;
  if (symbol === undefined) return format.format(value);
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('');
}
