import { asc, eq, ne, sql } from 'drizzle-orm';
import type { components } from '../../domain/contract';
import { APP_PAGE_SLUGS, isReservedPageSlug, titleNamesCookies } from '../../domain/page-slugs';
import { catalogueChanged } from '../catalogue/catalogue-changes';
import { sanitizePageHtml } from '../catalogue/page-html';
import type { Database } from '../db/database';
import { staticPages, staticPageTranslations } from '../db/schema';
import { transaction } from '../db/statement';
import { type Actor, audit } from './audit';
import type { TextProblem } from './texted-records';
import { createTextedRecord, lockRecord, textedRecord, textsOf, updateTextedRecord } from './texted-records';

type OperatorPage = components['schemas']['OperatorPage'];
type PageText = components['schemas']['PageText'];
type CreateInput = components['schemas']['PageCreateRequest'];
type ChangeInput = components['schemas']['PageChangeRequest'];

export type PageProblem = TextProblem | 'slugTaken' | 'slugReserved' | 'slugKept';

/** The store needs the page (terms, privacy, cookie, rules, FAQ): it is not removed. */
export class PageNeededError extends Error {
  constructor() {
    super('The store needs this page');
    this.name = 'PageNeededError';
  }
}

/** A text as it is stored: the title trimmed, the content by the rule the store serves it with. */
const cleanText = (text: PageText): PageText => ({
  title: text.title.trim(),
  content: sanitizePageHtml(text.content),
});

/** Every page (or those of `ids`) with its texts; `is_cookie` is decided among all pages. */
async function pagesWithTexts(db: Database, ids: readonly number[] | 'all'): Promise<OperatorPage[]> {
  const rows = await db.select().from(staticPages).orderBy(asc(staticPages.position), asc(staticPages.id));
  const cookieId = rows.find((row) => titleNamesCookies(row.title))?.id;
  const wanted = ids === 'all' ? rows : rows.filter((row) => ids.includes(row.id));
  const texts = await textsOf(db, PAGE, wanted);
  return wanted.map((row) => ({
    id: row.id,
    slug: row.slug,
    is_terms: row.isTerms,
    is_privacy: row.isPrivacy,
    is_cookie: row.id === cookieId,
    position: row.position,
    version: row.version,
    texts: texts.get(row.id) ?? {},
  }));
}

/** Every static page in the footer's order, with every language's texts. */
export const listOperatorPages = (db: Database): Promise<OperatorPage[]> => pagesWithTexts(db, 'all');

/** One page as the operator edits it; null when there is none. */
export const operatorPage = (db: Database, id: number): Promise<OperatorPage | null> => PAGE.read(db, id);

/** How a page and its texts are stored (`texted-records.ts`). */
const PAGE = textedRecord<PageText, OperatorPage>(
  'page',
  { records: staticPages, translations: staticPageTranslations, recordKey: 'pageId' },
  { fields: ['title', 'content'], clean: cleanText },
  pagesWithTexts,
);

async function slugProblem(tx: Database, slug: string, exceptId?: number): Promise<PageProblem | null> {
  if (isReservedPageSlug(slug)) return 'slugReserved';
  const [other] = await tx
    .select({ id: staticPages.id })
    .from(staticPages)
    .where(
      exceptId === undefined
        ? eq(staticPages.slug, slug)
        : sql`${staticPages.slug} = ${slug} and ${staticPages.id} <> ${exceptId}`,
    )
    .limit(1);
  return other === undefined ? null : 'slugTaken';
}

type Flag = 'is_terms' | 'is_privacy';
const FLAG_COLUMNS = { is_terms: 'isTerms', is_privacy: 'isPrivacy' } as const;

/** Key of the transaction advisory lock that queues saves giving a page the terms or privacy flag. */
const PAGE_FLAGS_LOCK_KEY = 0x70616765;

/**
 * Queues this transaction behind any other that gives a page a flag, taken before any row lock:
 * without it, two saves at once each find the old holder, both set the flag and the second breaks
 * the one-holder index (a 500) instead of taking the flag over.
 */
async function queueForFlags(tx: Database, input: Partial<Record<Flag, boolean | undefined>>): Promise<void> {
  if (input.is_terms === true || input.is_privacy === true)
    await tx.execute(sql`select pg_advisory_xact_lock(${PAGE_FLAGS_LOCK_KEY})`);
}

/**
 * A store has one terms page and one privacy page (the registration form links them): the page
 * that had the flag gives it up, with its own audit row and version, in the caller's transaction
 * (ADR 0048).
 */
async function takeFlag(tx: Database, actor: Actor, flag: Flag, fromAllBut: number | null): Promise<void> {
  const column = staticPages[FLAG_COLUMNS[flag]];
  const holders = await tx
    .select({ id: staticPages.id, version: staticPages.version })
    .from(staticPages)
    .where(fromAllBut === null ? eq(column, true) : sql`${column} and ${ne(staticPages.id, fromAllBut)}`)
    .for('update');
  for (const holder of holders) {
    await tx
      .update(staticPages)
      .set({ [FLAG_COLUMNS[flag]]: false, version: sql`${staticPages.version} + 1` })
      .where(eq(staticPages.id, holder.id));
    await audit(tx, actor, {
      action: 'page.update',
      entity: 'page',
      entityId: holder.id,
      before: { [flag]: true, version: holder.version },
      after: { [flag]: false, version: holder.version + 1 },
    });
  }
}

/**
 * Adds a page (`createTextedRecord`), its texts sanitized; a page given the terms or privacy flag
 * takes it from the page that had it.
 */
export function createPage(db: Database, actor: Actor, input: CreateInput): Promise<OperatorPage> {
  return createTextedRecord<PageText, OperatorPage, PageProblem>(db, actor, PAGE, input, {
    row: { isTerms: input.is_terms ?? false, isPrivacy: input.is_privacy ?? false },
    before: (tx) => queueForFlags(tx, input),
    problems: async (tx): Promise<Record<string, PageProblem>> => {
      const slug = await slugProblem(tx, input.slug);
      return slug === null ? {} : { slug };
    },
    accepted: async (tx) => {
      for (const flag of ['is_terms', 'is_privacy'] as const)
        if (input[flag] === true) await takeFlag(tx, actor, flag, null);
    },
  });
}

/** The fields of a page an update may change, with their columns. */
const FIELDS = { slug: 'slug', position: 'position', ...FLAG_COLUMNS } as const;

/**
 * Saves the fields and texts of `change` that differ from the stored page, if it is still at
 * `change.version` (`updateTextedRecord`); a page given the terms or privacy flag takes it from
 * the page that had it. Null when there is no such page.
 */
export function updatePage(db: Database, actor: Actor, id: number, change: ChangeInput) {
  return updateTextedRecord<PageText, OperatorPage, PageProblem>(db, actor, PAGE, id, change, {
    fields: FIELDS,
    before: (tx) => queueForFlags(tx, change),
    problems: async (tx, current): Promise<Record<string, PageProblem>> => {
      if (change.slug === undefined || change.slug === current.slug) return {};
      const slug = APP_PAGE_SLUGS.has(current.slug) ? 'slugKept' : await slugProblem(tx, change.slug, id);
      return slug === null ? {} : { slug };
    },
    onChange: async (tx, field, value) => {
      if ((field === 'is_terms' || field === 'is_privacy') && value === true)
        await takeFlag(tx, actor, field, id);
    },
  });
}

/**
 * Removes a page the store can live without, with an audit row holding it, in one transaction.
 * False when there is no such page; PageNeededError for terms, privacy, cookie, rules and FAQ.
 */
export async function deletePage(db: Database, actor: Actor, id: number): Promise<boolean> {
  const removed = await transaction(db, async (tx) => {
    if ((await lockRecord(tx, PAGE, id)) === null) return false;
    const page = (await operatorPage(tx, id)) as OperatorPage;
    if (page.is_terms || page.is_privacy || page.is_cookie || APP_PAGE_SLUGS.has(page.slug)) {
      throw new PageNeededError();
    }
    await tx.delete(staticPages).where(eq(staticPages.id, id));
    await audit(tx, actor, { action: 'page.delete', entity: 'page', entityId: id, before: page });
    return true;
  });
  if (removed) catalogueChanged(db);
  return removed;
}

/** The content as the store would serve it (the one rule: server/catalogue/page-html.ts). */
export function previewPageContent(content: string): string {
  return sanitizePageHtml(content);
}
