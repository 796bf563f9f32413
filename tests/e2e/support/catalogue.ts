import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type SeededLanguage = 'en' | 'de' | 'es';

/** The seeded languages' ids, as a page stores the chosen one (`languageId`). */
export const LANGUAGE_IDS: Record<SeededLanguage, string> = { en: '1', de: '2', es: '3' };

/** A message of the catalogue the store serves in `language` (the words a customer reads); throws when it has none. */
export function catalogueWord(language: SeededLanguage): (id: string) => string {
  const path = join(import.meta.dirname, '../../../server/db/seed/catalogues', `${language}.json`);
  const catalogue = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  return (id) => {
    const text = catalogue[id];
    if (text === undefined) throw new Error(`${language}: no ${id}`);
    return text;
  };
}
