import type { components } from './contract';

type Currency = components['schemas']['Currency'];

/**
 * Money arithmetic (docs/product.md §3, ADR 0002). Amounts are integer minor units everywhere; rates
 * (`Currency.value`, `points_conversion_rate`, `vat_percent`) are the only fractional numbers, and
 * they are turned into exact fractions of BigInts before use, so no amount passes through a
 * binary float.
 */

const ZERO_DECIMALS = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'PYG', 'UGX', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** The internal coin currency always has 2 decimals (docs/product.md §9). */
export const COIN_DECIMALS = 2;

/** Decimal places of a currency's minor unit (docs/product.md §3): 0, 3, or 2 for every other code. */
export function decimalsFor(code: string): number {
  const upper = code.toUpperCase();
  if (ZERO_DECIMALS.has(upper)) return 0;
  if (THREE_DECIMALS.has(upper)) return 3;
  return 2;
}

/** A currency with its rate: units of it per 1 unit of the reference the rates are quoted in. */
export interface Rate {
  code: string;
  /** As the contract sends it (a number) or as the database stores it (exact decimal text). */
  value: number | string;
}

/** docs/product.md §3: the currency used when the store lists none (EUR, rate 1, symbol €). */
export const FALLBACK_CURRENCY: Readonly<Currency> = { code: 'EUR', value: 1, symbol: '€', default: 0 };

/** A non-negative exact fraction. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

const DECIMAL = /^\+?(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * A decimal written as text ('1.16', '176', '0.356') or a JS number (read from its shortest
 * round-trip text, so 7.5 is exactly 15/2, never 7.4999…), as an exact fraction.
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

const pow10 = (places: number): bigint => 10n ** BigInt(places);

function positiveRate(rate: Rate): Fraction {
  const fraction = toFraction(rate.value);
  if (fraction.num === 0n) throw new RangeError(`The rate of ${rate.code} must be positive`);
  return fraction;
}

function minorUnits(amount: number, what: string): bigint {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`${what} must be minor units`);
  return BigInt(amount);
}

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

/**
 * The smallest top-up in minor units of `display` (docs/product.md §3 "min_top_up times the currency
 * rate"): `min_top_up` is minor units of the default currency `base`, converted at both rates
 * (the default currency's rate need not be 1), rounded up to the smallest unit so that an
 * amount at the minimum is never below the setting.
 */
export function minimumTopUp(minTopUpMinor: number, base: Rate, display: Rate): number {
  const minimum = minorUnits(minTopUpMinor, 'min_top_up');
  const baseRate = positiveRate(base);
  const displayRate = positiveRate(display);
  const num = minimum * displayRate.num * baseRate.den * pow10(decimalsFor(display.code));
  const den = displayRate.den * baseRate.num * pow10(decimalsFor(base.code));
  return toSafeNumber(divideUp(num, den));
}

/**
 * Coins (minor units) bought by `amountMinor` of `display`: amount ÷ rate ×
 * `points_conversion_rate` (coins per unit of the default currency `base`), rounded down so a
 * customer is never credited a coin fraction that was not paid for.
 */
export function coinsForAmount(amountMinor: number, base: Rate, display: Rate, pointsRate: number): number {
  const amount = minorUnits(amountMinor, 'amount');
  const baseRate = positiveRate(base);
  const displayRate = positiveRate(display);
  const points = toFraction(pointsRate);
  const num = amount * baseRate.num * displayRate.den * points.num * pow10(COIN_DECIMALS);
  const den = pow10(decimalsFor(display.code)) * baseRate.den * displayRate.num * points.den;
  return toSafeNumber(num / den);
}

/**
 * What `coinsMinor` coins cost in minor units of `display` (the inverse of `coinsForAmount`),
 * rounded up so a card payment never charges less than the coins are worth.
 */
export function amountForCoins(coinsMinor: number, base: Rate, display: Rate, pointsRate: number): number {
  const coins = minorUnits(coinsMinor, 'coins');
  const baseRate = positiveRate(base);
  const displayRate = positiveRate(display);
  const points = toFraction(pointsRate);
  if (points.num === 0n) throw new RangeError('points_conversion_rate must be positive');
  const num = coins * pow10(decimalsFor(display.code)) * baseRate.den * displayRate.num * points.den;
  const den = pow10(COIN_DECIMALS) * baseRate.num * displayRate.den * points.num;
  return toSafeNumber(divideUp(num, den));
}

/** The amount plus `vat_percent` of it (the VAT total), the tax rounded half up to the minor unit. */
export function withVat(amountMinor: number, vatPercent: number): number {
  const amount = minorUnits(amountMinor, 'amount');
  const vat = toFraction(vatPercent);
  const tax = divideHalfUp(amount * vat.num, vat.den * 100n);
  return toSafeNumber(amount + tax);
}

/** The most a product may cost, in coin minor units: 10,000,000,000.00 coins. */
export const PRICE_MAX_MINOR = 1_000_000_000_000;

/** Why a product price (coin minor units) is refused. */
export type PriceProblem = 'notWhole' | 'notPositive' | 'tooLarge';

/** A product's price must be whole minor units, greater than 0 and at most PRICE_MAX_MINOR. */
export function priceProblem(minor: number): PriceProblem | null {
  if (!Number.isInteger(minor)) return 'notWhole';
  if (minor <= 0) return 'notPositive';
  if (minor > PRICE_MAX_MINOR) return 'tooLarge';
  return null;
}

/**
 * A display currency's rate is stored as numeric(20, 8) (server/db/schema.ts `currencies.value`):
 * at most 12 digits before the point and 8 after it, and above 0.
 */
export const RATE_DECIMALS = 8;
export const RATE_WHOLE_DIGITS = 12;

/** Why a rate typed by an operator is refused. */
export type RateProblem = 'notDecimal' | 'notPositive' | 'tooManyDecimals' | 'tooLarge';

const RATE_TEXT = /^(\d+)(?:[.,](\d+))?$/;

/** A rate as typed ('1.16', '0,87', '176') within what the store keeps, else why not. */
export function rateProblem(text: string): RateProblem | null {
  const match = RATE_TEXT.exec(text.trim());
  if (match === null) return 'notDecimal';
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > RATE_DECIMALS) return 'tooManyDecimals';
  if (whole.length > RATE_WHOLE_DIGITS) return 'tooLarge';
  if (/^0*$/.test(whole + fraction)) return 'notPositive';
  return null;
}

/** A valid rate (see rateProblem) as the exact decimal text the database stores: '0,870' → '0.87'. */
export function rateText(text: string): string {
  if (rateProblem(text) !== null) throw new RangeError(`Not a rate: ${text}`);
  const [, whole = '0', fraction = ''] = RATE_TEXT.exec(text.trim()) ?? [];
  const digits = whole.replace(/^0+(?=\d)/, '');
  const places = fraction.replace(/0+$/, '');
  return places === '' ? digits : `${digits}.${places}`;
}

/** Why a new display currency's code is refused: not three capitals, or no ISO 4217 currency. */
export type CurrencyCodeProblem = 'format' | 'unknown';

let isoCodes: ReadonlySet<string> | null = null;

/** ISO 4217 codes as the runtime's Intl knows them (the same list on the server and in the console). */
export function currencyCodeProblem(code: string): CurrencyCodeProblem | null {
  if (!/^[A-Z]{3}$/.test(code)) return 'format';
  isoCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return isoCodes.has(code) ? null : 'unknown';
}

/** A currency's symbol: 1 to 8 characters, not only spaces. */
export const SYMBOL_MAX = 8;
export const symbolValid = (symbol: string): boolean =>
  symbol.trim().length >= 1 && symbol.trim().length <= SYMBOL_MAX;
