import { describe, expect, it } from 'vitest';
import { operatorCompany, withSettingsDefaults } from '../../machines/domain';
import {
  decimalsFor,
  formatCoins,
  formatMoney,
  minTopUp,
  parseAmount,
  toDecimalString,
} from '../../machines/money';

describe('money', () => {
  it('decimals by code: the SPEC §3 lists, else 2', () => {
    for (const code of ['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'PYG', 'UGX', 'VUV', 'XAF', 'XOF', 'XPF']) {
      expect(decimalsFor(code)).toBe(0);
    }
    for (const code of ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']) {
      expect(decimalsFor(code)).toBe(3);
    }
    for (const code of ['EUR', 'USD', 'GBP', 'CHF', 'SEK']) {
      expect(decimalsFor(code)).toBe(2);
    }
    expect(decimalsFor('kwd')).toBe(3);
  });

  it('minimum top-up: min_top_up times the rate, exact, rounded up to the smallest unit', () => {
    // 500 minor EUR = 5.00 EUR.
    expect(minTopUp(500, 1, 'EUR')).toBe(500);
    // 5 × 1.08 = 5.40 USD; a float product would be 540.0000000000001 and round up to 541.
    expect(minTopUp(500, 1.08, 'USD')).toBe(540);
    expect(minTopUp(500, 0.86, 'GBP')).toBe(430);
    // 0 decimals: 5 × 160 = 800 JPY.
    expect(minTopUp(500, 160, 'JPY')).toBe(800);
    expect(minTopUp(505, 1.5, 'JPY')).toBe(8);
    // 3 decimals: 5 × 0.331 = 1.655 KWD.
    expect(minTopUp(500, 0.331, 'KWD')).toBe(1655);
    expect(minTopUp(333, 1.1, 'USD')).toBe(367);
    expect(minTopUp(0, 1.08, 'USD')).toBe(0);
    expect(minTopUp(100, 1e-7, 'EUR')).toBe(1);
    expect(() => minTopUp(500, 0, 'USD')).toThrow(RangeError);
    expect(() => minTopUp(1.5, 1, 'USD')).toThrow(RangeError);
  });

  it('minor units as exact decimal text', () => {
    expect(toDecimalString(125050, 2)).toBe('1250.50');
    expect(toDecimalString(5, 2)).toBe('0.05');
    expect(toDecimalString(-5, 3)).toBe('-0.005');
    expect(toDecimalString(800, 0)).toBe('800');
    expect(toDecimalString(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
  });

  it('parses typed amounts into minor units, refusing anything but a positive amount', () => {
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

  it('coins show 2 decimals with the locale separators, exactly', () => {
    expect(formatCoins(125050)).toBe('1,250.50');
    expect(formatCoins(0)).toBe('0.00');
    expect(formatCoins(125050, 'de')).toBe('1.250,50');
    expect(formatCoins(Number.MAX_SAFE_INTEGER)).toBe('90,071,992,547,409.91');
  });

  it("money uses the currency's decimals and the server's symbol", () => {
    expect(formatMoney(540, { code: 'USD', symbol: '$' })).toBe('$5.40');
    expect(formatMoney(800, { code: 'JPY', symbol: '¥' })).toBe('¥800');
    expect(formatMoney(1655, { code: 'KWD', symbol: 'KD' })).toBe('KD\u00a01.655');
    expect(formatMoney(540, { code: 'EUR', symbol: '€' }, 'de')).toBe('5,40\u00a0€');
  });
});

describe('settings defaults (SPEC §3)', () => {
  it('fills in every default the server leaves out', () => {
    const settings = withSettingsDefaults({});
    expect(settings).toMatchObject({
      is_reg_enabled: false,
      vat_percent: 0,
      welcome_bonus_tokens: 0,
      points_conversion_rate: 1,
      image_generation_price: 1,
      background_removal_price: 1,
      upscale_price: 1,
      image_generation_sizes: ['1024x1024', '1536x1024', '1024x1536'],
      upscale_factors: [2, 4],
      internal_currency: { name: 'Coins' },
      google_tag: null,
      game_server: null,
    });
  });

  it('keeps what the server sends, including false and 0', () => {
    const settings = withSettingsDefaults({
      is_reg_enabled: true,
      vat_percent: 19,
      points_conversion_rate: 100,
      upscale_factors: [2],
      internal_currency: { name: 'Gems' },
      game_server: { host: 'play.example', port: 25565 },
      image_generation_price: 0,
    });
    expect(settings).toMatchObject({
      is_reg_enabled: true,
      vat_percent: 19,
      points_conversion_rate: 100,
      upscale_factors: [2],
      internal_currency: { name: 'Gems' },
      game_server: { host: 'play.example', port: 25565 },
      image_generation_price: 0,
    });
  });
});

describe('operatorCompany (SPEC §2 footer)', () => {
  const settings = withSettingsDefaults({
    company_name: 'Blockfront Ltd',
    company_address: 'Main St 1, Berlin',
  });

  it('is the name and the address when both exist', () => {
    expect(operatorCompany(settings)).toEqual({ name: 'Blockfront Ltd', address: 'Main St 1, Berlin' });
  });

  it.each([
    ['no name', { ...settings, company_name: null }],
    ['no address', { ...settings, company_address: '' }],
    ['no settings yet', null],
  ])('is absent with %s', (_, value) => {
    expect(operatorCompany(value)).toBeNull();
  });
});
