/**
 * Money helpers. Amounts are integer minor units everywhere (the contract's MinorUnits); exchange
 * rates are the only fractional numbers, and they are turned into exact ratios before use.
 */

const zeroDecimalCodes = new Set([
  'JPY',
  'KRW',
  'VND',
  'CLP',
  'ISK',
  'PYG',
  'UGX',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const threeDecimalCodes = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** The internal coin currency always shows 2 decimals (SPEC §9). */
export const COIN_DECIMALS = 2;

/** Decimal places of a display currency (SPEC §3): 0, 3, or 2 for every other code. */
export function decimalsFor(code: string): number {
  const upper = code.toUpperCase();
  if (zeroDecimalCodes.has(upper)) return 0;
  if (threeDecimalCodes.has(upper)) return 3;
  return 2;
}

/** A finite decimal number as an exact fraction, read from its shortest round-trip text. */
function exactRatio(value: number): { numerator: bigint; denominator: bigint } {
  const [mantissa = '0', exponentText = '0'] = String(value).toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = BigInt(`${whole}${fraction}`);
  const exponent = Number(exponentText) - fraction.length;
  return exponent >= 0
    ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n }
    : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
}

function ceilDivide(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return quotient * denominator === numerator ? quotient : quotient + 1n;
}

/**
 * The minimum top-up in minor units of the display currency `code`: the setting `min_top_up`
 * (minor units of the default currency `baseCode`) times the currency's rate, rounded up to the
 * currency's smallest unit so that an amount at the minimum is never below it.
 */
export function minTopUp(minTopUpMinor: number, rate: number, code: string, baseCode = 'EUR'): number {
  if (!Number.isSafeInteger(minTopUpMinor) || minTopUpMinor < 0)
    throw new RangeError('min_top_up must be minor units');
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError('rate must be a positive number');
  const { numerator, denominator } = exactRatio(rate);
  const shift = decimalsFor(code) - decimalsFor(baseCode);
  const scaledNumerator = BigInt(minTopUpMinor) * numerator * 10n ** BigInt(Math.max(shift, 0));
  const scaledDenominator = denominator * 10n ** BigInt(Math.max(-shift, 0));
  return Number(ceilDivide(scaledNumerator, scaledDenominator));
}

/** Minor units as an exact decimal string: (125050, 2) → '1250.50'. */
export function toDecimalString(minor: number, decimals: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError('amount must be integer minor units');
  const digits = Math.abs(minor)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${minor < 0 ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
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

function numberFormat(locale: string, decimals: number, options: Intl.NumberFormatOptions = {}) {
  return new Intl.NumberFormat(locale, {
    ...options,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** Coins (minor units) with 2 decimals and the locale's separators: 125050 → '1,250.50'. */
export function formatCoins(minor: number, locale = 'en'): string {
  return numberFormat(locale, COIN_DECIMALS).format(toDecimalString(minor, COIN_DECIMALS) as `${number}`);
}

/**
 * An amount of a display currency (minor units) with the currency's decimals, placed the way the
 * locale places currency, showing the server's symbol: (540, USD '$') → '$5.40'.
 */
export function formatMoney(
  minor: number,
  currency: { code: string; symbol: string },
  locale = 'en',
): string {
  const decimals = decimalsFor(currency.code);
  const format = numberFormat(locale, decimals, { style: 'currency', currency: currency.code });
  return format
    .formatToParts(toDecimalString(minor, decimals) as `${number}`)
    .map((part) => (part.type === 'currency' ? currency.symbol : part.value))
    .join('');
}
