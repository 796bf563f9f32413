// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_PATH, extractCatalogue, serializeCatalogue } from '../../../scripts/extract-messages';

describe('the English catalogue src/i18n/en.json', () => {
  const extracted = extractCatalogue();

  it('is what the code defines (run `npm run i18n:extract` after changing messages)', () => {
    expect(readFileSync(CATALOGUE_PATH, 'utf8')).toBe(serializeCatalogue(extracted));
  });

  it('uses dotted ids by area', () => {
    for (const id of Object.keys(extracted)) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/);
  });
});
