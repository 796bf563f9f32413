import { describe, expect, it } from 'vitest';
import {
  formatCoins,
  formatMoney,
  localDecimal,
  parseAmount,
  toDecimalString,
} from '../../domain/money-text';

describe('toDecimalString', () => {
  it('writes minor units as exact decimal text', () => {
    expect(toDecimalString(125050, 2)).toBe('1250.50');
    expect(toDecimalString(5, 2)).toBe('0.05');
    expect(toDecimalString(-5, 3)).toBe('-0.005');
    expect(toDecimalString(1780, 3)).toBe('1.780');
    expect(toDecimalString(800, 0)).toBe('800');
    expect(toDecimalString(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
    expect(() => toDecimalString(1.5, 2)).toThrow(RangeError);
  });
});

describe('parseAmount', () => {
  it('reads typed amounts into minor units, refusing anything but a positive amount', () => {
    expect(parseAmount('12', 2)).toBe(1200);
    expect(parseAmount(' 12.5 ', 2)).toBe(1250);
    expect(parseAmount('12,05', 2)).toBe(1205);
    expect(parseAmount('12.', 2)).toBe(1200);
    expect(parseAmount('800', 0)).toBe(800);
    expect(parseAmount('1.655', 3)).toBe(1655);
    for (const bad of ['', '0', '0.00', '-1', '1.234', '1e3', 'abc', '1.2.3']) {
      expect(parseAmount(bad, 2)).toBeNull();
    }
    expect(parseAmount('12.5', 0)).toBeNull();
  });
});

describe('localDecimal', () => {
  it("writes a decimal with the locale's separator, reading back to the same amount", () => {
    expect(localDecimal('3.56', 'de')).toBe('3,56');
    expect(localDecimal('3.56', 'en')).toBe('3.56');
    expect(localDecimal('880', 'de')).toBe('880');
    expect(parseAmount(localDecimal('1.780', 'es'), 3)).toBe(1780);
  });
});

describe('formatCoins', () => {
  it('shows 2 decimals with the locale separators, exactly', () => {
    expect(formatCoins(125050)).toBe('1,250.50');
    expect(formatCoins(0)).toBe('0.00');
    expect(formatCoins(125050, 'de')).toBe('1.250,50');
    expect(formatCoins(Number.MAX_SAFE_INTEGER)).toBe('90,071,992,547,409.91');
  });

  it("adds the coin currency's name for a message", () => {
    expect(formatCoins(1250, 'en', 'Coins')).toBe('12.50 Coins');
    expect(formatCoins(1250, 'de', 'Münzen')).toBe('12,50 Münzen');
  });
});

describe('formatMoney', () => {
  it("uses the currency's decimals and the server's symbol when given", () => {
    expect(formatMoney(540, { code: 'USD', symbol: '$' })).toBe('$5.40');
    expect(formatMoney(800, { code: 'JPY', symbol: '¥' })).toBe('¥800');
    expect(formatMoney(1655, { code: 'KWD', symbol: 'KD' })).toBe('KD\u00a01.655');
    expect(formatMoney(540, { code: 'EUR', symbol: '€' }, 'de')).toBe('5,40\u00a0€');
  });

  it("uses Intl's symbol without one (the server's messages)", () => {
    expect(formatMoney(500, { code: 'EUR' })).toBe('€5.00');
    expect(formatMoney(880, { code: 'JPY' })).toBe('¥880');
    expect(formatMoney(1780, { code: 'KWD' })).toBe('KWD\u00a01.780');
    expect(formatMoney(500, { code: 'EUR' }, 'de')).toBe('5,00\u00a0€');
  });
});
