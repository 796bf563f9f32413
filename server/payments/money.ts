/**
 * Exact money arithmetic. Amounts are integer minor units; rates (`Currency.value`,
 * `points_conversion_rate`, `vat_percent`) are exact decimals, turned into fractions of BigInts,
 * so no amount ever passes through a binary float.
 */

const ZERO_DECIMALS = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'PYG', 'UGX', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** Decimal places of a currency's minor unit (SPEC §3). */
export function currencyDecimals(code: string): number {
  if (ZERO_DECIMALS.has(code)) return 0;
  if (THREE_DECIMALS.has(code)) return 3;
  return 2;
}

/** Coins (the internal currency) have 2 decimals. */
export const COIN_DECIMALS = 2;

/** A non-negative exact fraction. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

const DECIMAL = /^\+?(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Parses a decimal written as text ('1.16', '176', '0.356') or a JS number (its shortest
 * round-trip text, so 7.5 is exactly 15/2, never 7.4999…).
 */
export function toFraction(value: string | number): Fraction {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (match === null) throw new RangeError(`Not a non-negative decimal: ${text}`);
  const [, whole = '0', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  const digits = BigInt(`${whole}${fraction}`);
  return exponent >= 0
    ? { num: digits * 10n ** BigInt(exponent), den: 1n }
    : { num: digits, den: 10n ** BigInt(-exponent) };
}

export const pow10 = (places: number): bigint => 10n ** BigInt(places);

function divideUp(num: bigint, den: bigint): bigint {
  return (num + den - 1n) / den;
}

/** Half up, for a tax on a price. */
function divideHalfUp(num: bigint, den: bigint): bigint {
  return (2n * num + den) / (2n * den);
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Amount out of range: ${value}`);
  return Number(value);
}

/** A display currency: its code and its rate (units per 1 EUR), as stored. */
export interface Rate {
  code: string;
  value: string;
}

/**
 * The smallest top-up in minor units of `display`: `min_top_up` (minor units of the default
 * currency) converted at the two rates, rounded up so the minimum is never below the setting.
 */
export function minimumTopUp(minTopUpMinor: number, base: Rate, display: Rate): number {
  const baseRate = toFraction(base.value);
  const displayRate = toFraction(display.value);
  const num = BigInt(minTopUpMinor) * displayRate.num * baseRate.den * pow10(currencyDecimals(display.code));
  const den = displayRate.den * baseRate.num * pow10(currencyDecimals(base.code));
  return toSafeNumber(divideUp(num, den));
}

/**
 * Coins (minor units) bought by `amountMinor` of `display`: amount ÷ rate ×
 * `points_conversion_rate` (coins per unit of the default currency), rounded down so a
 * customer is never credited a coin fraction that was not paid for.
 */
export function coinsForAmount(amountMinor: number, base: Rate, display: Rate, pointsRate: number): number {
  const baseRate = toFraction(base.value);
  const displayRate = toFraction(display.value);
  const points = toFraction(pointsRate);
  const num = BigInt(amountMinor) * baseRate.num * displayRate.den * points.num * pow10(COIN_DECIMALS);
  const den = pow10(currencyDecimals(display.code)) * baseRate.den * displayRate.num * points.den;
  return toSafeNumber(num / den);
}

/**
 * What `coinsMinor` coins cost in minor units of `display` (the inverse of `coinsForAmount`),
 * rounded up so a card payment never charges less than the coins are worth.
 */
export function amountForCoins(coinsMinor: number, base: Rate, display: Rate, pointsRate: number): number {
  const baseRate = toFraction(base.value);
  const displayRate = toFraction(display.value);
  const points = toFraction(pointsRate);
  const num =
    BigInt(coinsMinor) * pow10(currencyDecimals(display.code)) * baseRate.den * displayRate.num * points.den;
  const den = pow10(COIN_DECIMALS) * baseRate.num * displayRate.den * points.num;
  return toSafeNumber(divideUp(num, den));
}

/** The amount plus `vat_percent` of it, the tax rounded half up to the minor unit. */
export function withVat(amountMinor: number, vatPercent: number): number {
  const vat = toFraction(vatPercent);
  const tax = divideHalfUp(BigInt(amountMinor) * vat.num, vat.den * 100n);
  return toSafeNumber(BigInt(amountMinor) + tax);
}

/** Minor units as an exact decimal string: 1780 with 3 places is '1.780'. */
export function minorToDecimal(amountMinor: number, decimals: number): `${number}` {
  const digits = String(Math.abs(amountMinor)).padStart(decimals + 1, '0');
  const sign = amountMinor < 0 ? '-' : '';
  const text =
    decimals === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return text as `${number}`;
}

/** An amount of a display currency for a message, e.g. '€5.00', '¥880', 'KWD 1.780'. */
export function formatMoney(locale: string, amountMinor: number, code: string): string {
  const decimals = currencyDecimals(code);
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  // A numeric string keeps the exact decimal (Intl.NumberFormat v3).
  return format.format(minorToDecimal(amountMinor, decimals));
}

/** Coins for a message: '12.50 Coins'. */
export function formatCoins(locale: string, coinsMinor: number, name: string): string {
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: COIN_DECIMALS,
    maximumFractionDigits: COIN_DECIMALS,
  });
  return `${format.format(minorToDecimal(coinsMinor, COIN_DECIMALS))} ${name}`;
}
