import { describe, expect, it } from 'vitest';
import { formatDate, formatJoinDate } from '../../../src/i18n/dates';

describe('formatDate', () => {
  it("formats as 'DD.MM.YYYY' with leading zeros", () => {
    expect(formatDate(new Date(2026, 2, 4))).toBe('04.03.2026');
    expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('31.12.2025');
  });

  it('reads a bare ISO date as that calendar day', () => {
    expect(formatDate('2026-03-14')).toBe('14.03.2026');
  });

  it('reads ISO timestamps and epoch milliseconds', () => {
    const local = new Date(2026, 0, 2, 12, 0);
    expect(formatDate(local.toISOString())).toBe('02.01.2026');
    expect(formatDate(local.getTime())).toBe('02.01.2026');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatJoinDate', () => {
  it("formats as 'MMM D, YYYY' in English", () => {
    expect(formatJoinDate(new Date(2026, 2, 14))).toBe('Mar 14, 2026');
    expect(formatJoinDate('2026-03-04', 'en')).toBe('Mar 4, 2026');
  });

  it('uses the month names and order of the language', () => {
    expect(formatJoinDate('2026-03-14', 'de')).toBe('14. März 2026');
  });

  it('falls back to English for an unusable locale and to empty for an invalid date', () => {
    expect(formatJoinDate('2026-03-14', 'not a locale!')).toBe('Mar 14, 2026');
    expect(formatJoinDate('nope', 'en')).toBe('');
  });
});
