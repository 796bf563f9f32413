import type { Database } from '../db/database';
import { languages } from '../db/schema';
import { isLocale, type Locale } from './messages';

/** How long the language list is trusted before it is read again (operators rarely edit it). */
const TTL_MS = 60_000;

export type LocaleResolver = (langId: number | undefined) => Promise<Locale>;

/**
 * Maps a `lang_id` to the language of server messages: the language's own code when the server
 * has messages in it, else English. An unknown or absent id means the default language.
 * A database failure falls back to English: an error message must never fail for its language.
 */
export function createLocaleResolver(db: Database, now: () => number = Date.now): LocaleResolver {
  let cached: { at: number; byId: Map<number, string>; fallback: string } | undefined;

  async function table() {
    if (cached && now() - cached.at < TTL_MS) return cached;
    const rows = await db.select().from(languages);
    const fallback = rows.find((row) => row.isDefault)?.code ?? 'en';
    cached = { at: now(), byId: new Map(rows.map((row) => [row.id, row.code])), fallback };
    return cached;
  }

  return async (langId) => {
    try {
      const { byId, fallback } = await table();
      const code = (langId === undefined ? undefined : byId.get(langId)) ?? fallback;
      return isLocale(code) ? code : 'en';
    } catch {
      return 'en';
    }
  };
}

/** The `lang_id` of a request as sent (query string or body), before or after validation. */
export function requestedLangId(query: unknown, body: unknown): number | undefined {
  for (const source of [body, query]) {
    if (source === null || typeof source !== 'object') continue;
    const value: unknown = (source as Record<string, unknown>).lang_id;
    const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  }
  return undefined;
}
