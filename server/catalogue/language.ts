import { asc } from 'drizzle-orm';
import type { Database } from '../db/database';
import { languages } from '../db/schema';
import { PerDatabaseCache } from './per-database-cache';

export interface ContentLanguage {
  /** 0 when the store has no languages at all (no translation row matches it). */
  id: number;
  code: string;
}

interface LanguageRow extends ContentLanguage {
  isDefault: boolean;
}

/**
 * How long an API node keeps the language list. Every localized answer (products, pages, the
 * cart) needs it, and operators rarely add a language; a new one is served within this time.
 */
export const LANGUAGES_TTL_MS = 5_000;

const cache = new PerDatabaseCache<LanguageRow[]>(LANGUAGES_TTL_MS);

function languageRows(db: Database): Promise<LanguageRow[]> {
  return cache.get(db, () =>
    db
      .select({ id: languages.id, code: languages.code, isDefault: languages.isDefault })
      .from(languages)
      .orderBy(asc(languages.id)),
  );
}

/**
 * The language that titles and texts are given in: the one `lang_id` names, or the default
 * language when it is absent or unknown (as the contract's `lang_id` parameter says). Unlike the
 * locale of server messages, this is any language the store has, not only those the server
 * ships messages for.
 */
export async function contentLanguage(db: Database, langId: number | undefined): Promise<ContentLanguage> {
  const rows = await languageRows(db);
  const row = rows.find((language) => language.id === langId) ?? rows.find((language) => language.isDefault);
  return row === undefined ? { id: 0, code: 'en' } : { id: row.id, code: row.code };
}
