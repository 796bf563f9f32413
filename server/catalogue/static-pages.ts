import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { staticPages, staticPageTranslations } from '../db/schema';
import type { ContentLanguage } from './language';
import { sanitizePageHtml } from './page-html';

const text = staticPageTranslations;
const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);
const MAX_ID = 2_147_483_647;

function summaryColumns() {
  return {
    id: staticPages.id,
    slug: staticPages.slug,
    title: sql<string>`coalesce(${text.title}, ${staticPages.title})`,
    isTerms: staticPages.isTerms,
    isPrivacy: staticPages.isPrivacy,
  };
}

function inLanguage(language: ContentLanguage) {
  return and(eq(text.pageId, staticPages.id), eq(text.languageId, language.id));
}

/** Every page without its content, in display order, titled in the language (default-language text where it has none). */
export async function listStaticPages(db: Database, language: ContentLanguage) {
  const rows = await db
    .select(summaryColumns())
    .from(staticPages)
    .leftJoin(text, inLanguage(language))
    .orderBy(asc(staticPages.position), asc(staticPages.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    is_terms: flag(row.isTerms),
    is_privacy: flag(row.isPrivacy),
  }));
}

/** A numeric id as the database can hold it; "007" or "0" are slugs, never ids. */
function pageId(idOrSlug: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(idOrSlug)) return undefined;
  const id = Number(idOrSlug);
  return id <= MAX_ID ? id : undefined;
}

/**
 * One page by numeric id or by slug, its content sanitized on the way out, or null. A number
 * is tried as an id first, then as a slug (a slug may be all digits).
 */
export async function findStaticPage(db: Database, idOrSlug: string, language: ContentLanguage) {
  const id = pageId(idOrSlug);
  const bySlug = eq(staticPages.slug, idOrSlug);
  const [row] = await db
    .select({ ...summaryColumns(), content: sql<string>`coalesce(${text.content}, ${staticPages.content})` })
    .from(staticPages)
    .leftJoin(text, inLanguage(language))
    .where(id === undefined ? bySlug : or(eq(staticPages.id, id), bySlug))
    .orderBy(id === undefined ? asc(staticPages.id) : asc(sql`${staticPages.id} <> ${id}`))
    .limit(1);
  if (row === undefined) return null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: sanitizePageHtml(row.content),
    is_terms: flag(row.isTerms),
    is_privacy: flag(row.isPrivacy),
  };
}
