import { decimalsFor } from '../../../machines/money';

interface Rate {
  code: string;
  /** Units of this currency per 1 unit of the default currency. */
  value: number;
}

/** A positive decimal as an exact fraction of integers, read from its shortest text. */
function fraction(value: number): [bigint, bigint] {
  const [mantissa = '0', exponentText = '0'] = String(value).toLowerCase().split('e');
  const [whole = '0', decimals = ''] = mantissa.split('.');
  const exponent = Number(exponentText) - decimals.length;
  const digits = BigInt(`${whole}${decimals}`);
  return exponent >= 0 ? [digits * 10n ** BigInt(exponent), 1n] : [digits, 10n ** BigInt(-exponent)];
}

/**
 * What `coinsMinor` coins are worth in minor units of `display` (DESIGN §3: coins = amount ÷ rate ×
 * points_conversion_rate, so amount = coins ÷ points_conversion_rate × rate), rounded half up (the
 * equivalent shown beside a price) or up (what to pay so that at least those coins are credited). `base` is the default currency the rates are relative to.
 */
export function coinsInCurrency(
  coinsMinor: number,
  display: Rate,
  base: Rate,
  pointsRate: number,
  rounding: 'nearest' | 'up' = 'nearest',
): number {
  if (!(display.value > 0 && base.value > 0 && pointsRate > 0)) return 0;
  const [displayNum, displayDen] = fraction(display.value);
  const [baseNum, baseDen] = fraction(base.value);
  const [pointsNum, pointsDen] = fraction(pointsRate);
  const numerator =
    BigInt(coinsMinor) * 10n ** BigInt(decimalsFor(display.code)) * displayNum * baseDen * pointsDen;
  const denominator = 100n * displayDen * baseNum * pointsNum;
  if (rounding === 'up') return Number((numerator + denominator - 1n) / denominator);
  return Number((2n * numerator + denominator) / (2n * denominator));
}
