import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { countries, currencies, languages, socialLinks, translations } from '../db/schema';
import type { ContentLanguage } from './language';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

export async function listLanguages(db: Database) {
  const rows = await db.select().from(languages).orderBy(asc(languages.id));
  return rows.map((row) => ({ id: row.id, code: row.code, title: row.title, default: flag(row.isDefault) }));
}

/** The interface messages of one language as `{id: text}`, or null when there is no such language. */
export async function localizations(
  db: Database,
  languageId: number,
): Promise<Record<string, string> | null> {
  const rows = await db
    .select({ key: translations.key, value: translations.value })
    .from(languages)
    .leftJoin(translations, eq(translations.languageId, languages.id))
    .where(eq(languages.id, languageId));
  if (rows.length === 0) return null;
  // fromEntries defines own properties, so a key such as "__proto__" stays a plain message id.
  return Object.fromEntries(
    rows.flatMap(({ key, value }) => (key === null || value === null ? [] : [[key, value]])),
  );
}

/**
 * Display currencies offered to customers (hidden ones left out), the default first. The rate is
 * stored as an exact decimal; the API answers a number.
 */
export async function listCurrencies(db: Database) {
  const rows = await db
    .select()
    .from(currencies)
    .where(eq(currencies.hidden, false))
    .orderBy(desc(currencies.isDefault), asc(currencies.code));
  return rows.map((row) => ({
    code: row.code,
    value: Number(row.value),
    symbol: row.symbol,
    default: flag(row.isDefault),
  }));
}

/** Every country, titled in the language (English where it has no title in it), sorted in that language. */
export async function listCountries(db: Database, language: ContentLanguage) {
  const rows = await db
    .select({
      id: countries.id,
      iso: countries.iso,
      title: sql<string>`coalesce(${countries.titles} ->> ${language.code}, ${countries.title})`,
    })
    .from(countries);
  const collator = new Intl.Collator(language.code);
  return rows
    .sort((a, b) => collator.compare(a.title, b.title) || a.iso.localeCompare(b.iso))
    .map((row) => ({ id: row.id, title: row.title, iso: row.iso }));
}

export async function listSocialLinks(db: Database) {
  return db
    .select({ id: socialLinks.id, title: socialLinks.title, link: socialLinks.link, img: socialLinks.img })
    .from(socialLinks)
    .orderBy(asc(socialLinks.position), asc(socialLinks.id));
}
