import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  meetsPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PATTERN,
  passwordHintsMet,
} from '../../domain/password';
import { validatorCompiler } from '../../server/http/validation';
import { openapi } from '../support/openapi';

const contractPassword = openapi.components.schemas.Password as {
  pattern: string;
  minLength: number;
  maxLength: number;
};

/** The server's own check of a body field against the contract's `Password`. */
const serverAccepts = validatorCompiler({
  schema: contractPassword,
  httpPart: 'body',
  method: 'POST',
  url: '/password-rule',
}) as (value: unknown) => boolean;

describe('the password rule (docs/product.md §5)', () => {
  it('accepts 6 to 12 characters with a lower case letter, an upper case letter and a digit', () => {
    for (const good of ['Diamond7', 'aB3456', 'aB3456789012', 'Ünï7aZ', 'aB3!?#']) {
      expect(meetsPasswordRule(good)).toBe(true);
    }
  });

  it.each([
    ['too short', 'aB345'],
    ['too long', 'aB34567890123'],
    ['no lower case', 'AB34567'],
    ['no upper case', 'ab34567'],
    ['no digit', 'abcdEFG'],
    ['a space', 'aB3 4567'],
    ['a tab', 'aB3\t4567'],
    ['empty', ''],
  ])('refuses %s', (_, bad) => {
    expect(meetsPasswordRule(bad)).toBe(false);
  });

  it('counts characters, not UTF-16 units: five characters with an emoji are too short', () => {
    // 'aB3😀😀' is 7 UTF-16 units but 5 characters; the server's schema check counts characters.
    expect(meetsPasswordRule('aB3😀😀')).toBe(false);
    expect(meetsPasswordRule('aB3😀😀😀')).toBe(true);
    expect(meetsPasswordRule('aB3456789😀😀😀')).toBe(true);
    expect(meetsPasswordRule('aB34567890😀😀😀')).toBe(false);
  });

  it('ticks off each hint on its own', () => {
    expect(passwordHintsMet('')).toEqual({ lower: false, upper: false, digit: false });
    expect(passwordHintsMet('a')).toEqual({ lower: true, upper: false, digit: false });
    expect(passwordHintsMet('A1')).toEqual({ lower: false, upper: true, digit: true });
  });
});

describe('the same rule as the contract (openapi.yaml `Password`)', () => {
  it('has the pattern and lengths the contract states', () => {
    expect(contractPassword.pattern).toBe(PASSWORD_PATTERN);
    expect(contractPassword.minLength).toBe(PASSWORD_MIN_LENGTH);
    expect(contractPassword.maxLength).toBe(PASSWORD_MAX_LENGTH);
  });

  const passwordLike = fc.oneof(
    fc.string({ maxLength: 16 }),
    fc.string({ unit: 'binary', maxLength: 16 }),
    fc.stringMatching(/^[a-zA-Z0-9 😀é]{4,14}$/u),
  );

  test.prop([passwordLike], { numRuns: 2000 })('agrees with the server on every string', (password) => {
    expect(meetsPasswordRule(password)).toBe(serverAccepts(password));
  });
});
