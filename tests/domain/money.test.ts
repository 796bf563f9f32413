import { describe, expect, it } from 'vitest';
import {
  amountForCoins,
  COIN_DECIMALS,
  coinsForAmount,
  decimalsFor,
  FALLBACK_CURRENCY,
  minimumTopUp,
  PRICE_MAX_MINOR,
  priceProblem,
  toFraction,
  withVat,
} from '../../domain/money';

const EUR = { code: 'EUR', value: 1 };

describe('decimals by currency code (docs/product.md §3)', () => {
  it('is 0 and 3 for the listed codes, 2 for every other, in any case', () => {
    for (const code of ['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'PYG', 'UGX', 'VUV', 'XAF', 'XOF', 'XPF']) {
      expect(decimalsFor(code)).toBe(0);
    }
    for (const code of ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']) expect(decimalsFor(code)).toBe(3);
    for (const code of ['EUR', 'USD', 'GBP', 'CHF', 'SEK']) expect(decimalsFor(code)).toBe(2);
    expect(decimalsFor('kwd')).toBe(3);
    expect(COIN_DECIMALS).toBe(2);
  });

  it('falls back to EUR at rate 1 with the € symbol', () => {
    expect(FALLBACK_CURRENCY).toMatchObject({ code: 'EUR', value: 1, symbol: '€' });
  });
});

describe('toFraction', () => {
  it('reads decimal text and numbers exactly', () => {
    expect(toFraction('1.16')).toEqual({ num: 116n, den: 100n });
    expect(toFraction(7.5)).toEqual({ num: 75n, den: 10n });
    expect(toFraction(1e-7)).toEqual({ num: 1n, den: 10_000_000n });
    expect(toFraction('176')).toEqual({ num: 176n, den: 1n });
    expect(toFraction('1.00000000')).toEqual({ num: 100_000_000n, den: 100_000_000n });
  });

  it('refuses what is not a non-negative decimal', () => {
    for (const bad of ['-1', '1,5', '', 'abc', '1.2.3']) expect(() => toFraction(bad)).toThrow(RangeError);
    expect(() => toFraction(Number.NaN)).toThrow(RangeError);
    expect(() => toFraction(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('minimumTopUp: min_top_up times the currency rate, exact, rounded up to the smallest unit', () => {
  it('converts from a default currency at rate 1', () => {
    expect(minimumTopUp(500, EUR, EUR)).toBe(500);
    // 5 × 1.08 = 5.40 USD; a float product would be 540.0000000000001 and round up to 541.
    expect(minimumTopUp(500, EUR, { code: 'USD', value: 1.08 })).toBe(540);
    expect(minimumTopUp(500, EUR, { code: 'USD', value: '1.1' })).toBe(550);
    expect(minimumTopUp(500, EUR, { code: 'GBP', value: 0.86 })).toBe(430);
    expect(minimumTopUp(333, EUR, { code: 'USD', value: 1.1 })).toBe(367);
    expect(minimumTopUp(1, EUR, { code: 'USD', value: '1.16' })).toBe(2);
    expect(minimumTopUp(0, EUR, { code: 'USD', value: 1.08 })).toBe(0);
    expect(minimumTopUp(100, EUR, { code: 'EUR', value: 1e-7 })).toBe(1);
  });

  it("uses the display currency's decimals: 0 for JPY, 3 for KWD", () => {
    expect(minimumTopUp(500, EUR, { code: 'JPY', value: 160 })).toBe(800);
    expect(minimumTopUp(505, EUR, { code: 'JPY', value: 1.5 })).toBe(8);
    expect(minimumTopUp(500, EUR, { code: 'KWD', value: 0.331 })).toBe(1655);
  });

  // The client's copy ignored the default currency's rate: with USD as the default at 1.16,
  // 5.80 USD (580) became 5.80 × 176 = 1020.8 → 1021 JPY instead of 880.
  it("divides by the default currency's rate when it is not 1, for contract (number) rates too", () => {
    expect(minimumTopUp(580, { code: 'USD', value: 1.16 }, { code: 'JPY', value: 176 })).toBe(880);
    expect(minimumTopUp(580, { code: 'USD', value: '1.16' }, { code: 'JPY', value: '176' })).toBe(880);
    expect(minimumTopUp(580, { code: 'USD', value: 1.16 }, { code: 'USD', value: 1.16 })).toBe(580);
    expect(minimumTopUp(880, { code: 'JPY', value: 176 }, { code: 'EUR', value: 1 })).toBe(500);
  });

  it('refuses a rate of 0 and a minimum that is not minor units', () => {
    expect(() => minimumTopUp(500, EUR, { code: 'USD', value: 0 })).toThrow(RangeError);
    expect(() => minimumTopUp(500, { code: 'EUR', value: '0' }, EUR)).toThrow(RangeError);
    expect(() => minimumTopUp(1.5, EUR, EUR)).toThrow(RangeError);
    expect(() => minimumTopUp(-1, EUR, EUR)).toThrow(RangeError);
  });
});

describe('coins from an amount: amount ÷ rate × points_conversion_rate', () => {
  it('converts exactly, from a default currency that is not at rate 1', () => {
    const usdDefault = { code: 'USD', value: '1.16' };
    expect(coinsForAmount(880, usdDefault, { code: 'JPY', value: '176' }, 1)).toBe(580);
    expect(coinsForAmount(2000, EUR, EUR, 1)).toBe(2000);
    expect(coinsForAmount(1000, EUR, EUR, 2.5)).toBe(2500);
    expect(coinsForAmount(1655, EUR, { code: 'KWD', value: 0.331 }, 1)).toBe(500);
  });

  it('rounds coins down and card charges up, so neither side gets a fraction for free', () => {
    expect(coinsForAmount(1, EUR, { code: 'USD', value: '1.16' }, 1)).toBe(0);
    expect(amountForCoins(1, EUR, { code: 'USD', value: '1.16' }, 1)).toBe(2);
    expect(amountForCoins(499, EUR, { code: 'JPY', value: '176' }, 100)).toBe(9);
    expect(amountForCoins(100_000_000, EUR, { code: 'KWD', value: '0.356' }, 3)).toBe(118_666_667);
  });

  it('refuses amounts beyond the safe integers instead of losing digits', () => {
    expect(() => coinsForAmount(Number.MAX_SAFE_INTEGER, EUR, EUR, 100)).toThrow(RangeError);
    expect(() => coinsForAmount(1.5, EUR, EUR, 1)).toThrow(RangeError);
  });
});

describe('withVat: the VAT total', () => {
  it('adds vat_percent, the tax rounded half up, exactly for fractional rates', () => {
    expect(withVat(1000, 0)).toBe(1000);
    expect(withVat(1000, 7.5)).toBe(1075);
    expect(withVat(1, 50)).toBe(2);
    expect(withVat(3, 16.5)).toBe(3);
    expect(withVat(100_000_000, 19)).toBe(119_000_000);
  });
});

describe('priceProblem', () => {
  it('takes whole coin minor units above 0 up to PRICE_MAX_MINOR', () => {
    expect([1, 1_500, PRICE_MAX_MINOR].map(priceProblem)).toEqual([null, null, null]);
    expect(priceProblem(0)).toBe('notPositive');
    expect(priceProblem(-100)).toBe('notPositive');
    expect(priceProblem(PRICE_MAX_MINOR + 1)).toBe('tooLarge');
    expect(priceProblem(Number.MAX_SAFE_INTEGER + 2)).toBe('tooLarge');
    expect(priceProblem(12.5)).toBe('notWhole');
    expect(priceProblem(Number.NaN)).toBe('notWhole');
    expect(priceProblem(Number.POSITIVE_INFINITY)).toBe('notWhole');
  });
});
