// A plain message needs no ICU parser in the browser (src/i18n/parserOnDemand.ts): what
// isPlainMessage calls plain must be what the real parser reads as that same text.

import { fc, test } from '@fast-check/vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { isPlainMessage } from '../../domain/code-messages';
import de from '../../server/db/seed/catalogues/de.json';
import en from '../../src/i18n/en.json';

const asItself = (text: string) => (text === '' ? [] : [{ type: 0, value: text }]);

describe('isPlainMessage', () => {
  it('calls plain only texts the ICU parser reads as themselves, in the shipped catalogues', () => {
    const texts = [...Object.values(en), ...Object.values(de)];
    const plain = texts.filter(isPlainMessage);
    expect(plain.length).toBeGreaterThan(texts.length / 2);
    for (const text of plain) expect(parse(text), text).toEqual(asItself(text));
  });

  it('leaves arguments, tags, plural signs and escapes to the parser', () => {
    for (const text of ['Order #{id}', 'Hi <b>you</b>', "It''s", '{n, plural, one {#} other {#}}', "'{'"]) {
      expect(isPlainMessage(text), text).toBe(false);
    }
    expect(isPlainMessage("Don't stop")).toBe(true);
  });

  test.prop([
    fc.string({ unit: fc.constantFrom('a', ' ', "'", '{', '}', '<', '>', '#', '|', ',', '/', 'é') }),
  ])('a plain text parses as itself', (text) => {
    fc.pre(isPlainMessage(text));
    expect(parse(text)).toEqual(asItself(text));
  });
});
