import { asc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { components } from '../../domain/contract';
import { APP_PAGE_SLUGS, isReservedPageSlug, titleNamesCookies } from '../../domain/page-slugs';
import { catalogueChanged } from '../catalogue/catalogue-changes';
import { sanitizePageHtml } from '../catalogue/page-html';
import type { Database } from '../db/database';
import { languages, staticPages, staticPageTranslations } from '../db/schema';
import { transaction } from '../db/statement';
import { type Actor, audit } from './audit';
import { saveRecordChange, storeLanguages, type TextProblem, textProblems } from './record-texts';

type OperatorPage = components['schemas']['OperatorPage'];
type PageText = components['schemas']['PageText'];
type CreateInput = components['schemas']['PageCreateRequest'];
type ChangeInput = components['schemas']['PageChangeRequest'];

export type PageProblem = TextProblem | 'slugTaken' | 'slugReserved' | 'slugKept';

/** Fields the store cannot keep, keyed as the contract's field errors (`slug`, `texts.de`). */
export class PageRefusedError extends Error {
  constructor(readonly problems: Record<string, PageProblem>) {
    super(`Page refused: ${Object.keys(problems).join(', ')}`);
    this.name = 'PageRefusedError';
  }
}

/** The update names another version than the stored one: somebody saved in between. */
export class PageChangedError extends Error {
  constructor(readonly current: number) {
    super(`The page is at version ${current} now`);
    this.name = 'PageChangedError';
  }
}

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
  const { defaultCode } = await storeLanguages(db);
  const rows = await db.select().from(staticPages).orderBy(asc(staticPages.position), asc(staticPages.id));
  const cookieId = rows.find((row) => titleNamesCookies(row.title))?.id;
  const wanted = ids === 'all' ? rows : rows.filter((row) => ids.includes(row.id));
  if (wanted.length === 0) return [];
  const translated = await db
    .select({
      pageId: staticPageTranslations.pageId,
      code: languages.code,
      title: staticPageTranslations.title,
      content: staticPageTranslations.content,
    })
    .from(staticPageTranslations)
    .innerJoin(languages, eq(languages.id, staticPageTranslations.languageId))
    .where(
      inArray(
        staticPageTranslations.pageId,
        wanted.map((row) => row.id),
      ),
    )
    .orderBy(asc(languages.id));
  return wanted.map((row) => {
    const texts: Record<string, PageText> = {};
    if (defaultCode !== null) texts[defaultCode] = { title: row.title, content: row.content };
    for (const text of translated) {
      if (text.pageId === row.id && text.code !== defaultCode) {
        texts[text.code] = { title: text.title, content: text.content };
      }
    }
    return {
      id: row.id,
      slug: row.slug,
      is_terms: row.isTerms,
      is_privacy: row.isPrivacy,
      is_cookie: row.id === cookieId,
      position: row.position,
      version: row.version,
      texts,
    };
  });
}

/** Every static page in the footer's order, with every language's texts. */
export function listOperatorPages(db: Database): Promise<OperatorPage[]> {
  return pagesWithTexts(db, 'all');
}

/** One page as the operator edits it; null when there is none. */
export async function operatorPage(db: Database, id: number): Promise<OperatorPage | null> {
  return (await pagesWithTexts(db, [id]))[0] ?? null;
}

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

function refuseIfAny(problems: Record<string, PageProblem>): void {
  if (Object.keys(problems).length > 0) throw new PageRefusedError(problems);
}

async function writeText(
  tx: Database,
  pageId: number,
  languageId: number,
  text: PageText | null,
): Promise<void> {
  const row = sql`${staticPageTranslations.pageId} = ${pageId} and ${staticPageTranslations.languageId} = ${languageId}`;
  if (text === null) {
    await tx.delete(staticPageTranslations).where(row);
    return;
  }
  await tx
    .insert(staticPageTranslations)
    .values({ pageId, languageId, ...text })
    .onConflictDoUpdate({
      target: [staticPageTranslations.pageId, staticPageTranslations.languageId],
      set: { title: text.title, content: text.content },
    });
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
 * Adds a page (after the last one unless `position` is given), its texts sanitized, with an audit
 * row in the same transaction; refused with PageRefusedError and nothing saved.
 */
export async function createPage(db: Database, actor: Actor, input: CreateInput): Promise<OperatorPage> {
  const created = await transaction(db, async (tx) => {
    await queueForFlags(tx, input);
    const store = await storeLanguages(tx);
    const problems: Record<string, PageProblem> = textProblems(input.texts, store, true);
    const slug = await slugProblem(tx, input.slug);
    if (slug !== null) problems.slug = slug;
    refuseIfAny(problems);
    const defaultText = cleanText(input.texts[store.defaultCode as string] as PageText);
    for (const flag of ['is_terms', 'is_privacy'] as const)
      if (input[flag] === true) await takeFlag(tx, actor, flag, null);
    const [last] = await tx.select({ position: max(staticPages.position) }).from(staticPages);
    const [row] = await tx
      .insert(staticPages)
      .values({
        slug: input.slug,
        title: defaultText.title,
        content: defaultText.content,
        isTerms: input.is_terms ?? false,
        isPrivacy: input.is_privacy ?? false,
        position: input.position ?? (last?.position ?? -1) + 1,
      })
      .onConflictDoNothing({ target: staticPages.slug })
      .returning({ id: staticPages.id });
    if (row === undefined) throw new PageRefusedError({ slug: 'slugTaken' });
    for (const [code, text] of Object.entries(input.texts)) {
      if (text === undefined || code === store.defaultCode) continue;
      await writeText(tx, row.id, store.byCode.get(code) as number, cleanText(text));
    }
    const page = (await operatorPage(tx, row.id)) as OperatorPage;
    await audit(tx, actor, { action: 'page.create', entity: 'page', entityId: row.id, after: page });
    return page;
  });
  catalogueChanged(db);
  return created;
}

/**
 * Saves the fields of `change` that differ from the stored page, if it is still at
 * `change.version`; one audit row holds the changed fields before → after, in the same
 * transaction, and the version moves on. Null when there is no such page.
 */
export async function updatePage(
  db: Database,
  actor: Actor,
  id: number,
  change: ChangeInput,
): Promise<OperatorPage | null> {
  let changed = false;
  const saved = await transaction(db, async (tx) => {
    await queueForFlags(tx, change);
    const [locked] = await tx
      .select({ version: staticPages.version })
      .from(staticPages)
      .where(eq(staticPages.id, id))
      .for('update');
    if (locked === undefined) return null;
    if (locked.version !== change.version) throw new PageChangedError(locked.version);
    const store = await storeLanguages(tx);
    const current = (await operatorPage(tx, id)) as OperatorPage;
    const problems: Record<string, PageProblem> = textProblems(change.texts, store, false);
    if (change.slug !== undefined && change.slug !== current.slug) {
      const slug = APP_PAGE_SLUGS.has(current.slug) ? 'slugKept' : await slugProblem(tx, change.slug, id);
      if (slug !== null) problems.slug = slug;
    }
    refuseIfAny(problems);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set: Partial<typeof staticPages.$inferInsert> = {};
    if (change.slug !== undefined && change.slug !== current.slug) {
      before.slug = current.slug;
      after.slug = change.slug;
      set.slug = change.slug;
    }
    if (change.position !== undefined && change.position !== current.position) {
      before.position = current.position;
      after.position = change.position;
      set.position = change.position;
    }
    for (const flag of ['is_terms', 'is_privacy'] as const) {
      const given = change[flag];
      if (given === undefined || given === current[flag]) continue;
      if (given) await takeFlag(tx, actor, flag, id);
      before[flag] = current[flag];
      after[flag] = given;
      set[FLAG_COLUMNS[flag]] = given;
    }
    const result = await saveRecordChange(tx, actor, {
      texts: {
        given: change.texts,
        current: current.texts,
        store,
        clean: cleanText,
        write: (languageId, text) => writeText(tx, id, languageId, text),
        setDefault: (next) => {
          set.title = next.title;
          set.content = next.content;
        },
      },
      before,
      after,
      current,
      update: () =>
        tx
          .update(staticPages)
          .set({ ...set, version: sql`${staticPages.version} + 1` })
          .where(eq(staticPages.id, id)),
      read: async () => (await operatorPage(tx, id)) as OperatorPage,
      audit: { action: 'page.update', entity: 'page', entityId: id },
    });
    changed = result.changed;
    return result.record;
  });
  if (changed) catalogueChanged(db);
  return saved;
}

/**
 * Removes a page the store can live without, with an audit row holding it, in one transaction.
 * False when there is no such page; PageNeededError for terms, privacy, cookie, rules and FAQ.
 */
export async function deletePage(db: Database, actor: Actor, id: number): Promise<boolean> {
  const removed = await transaction(db, async (tx) => {
    const [locked] = await tx
      .select({ id: staticPages.id })
      .from(staticPages)
      .where(eq(staticPages.id, id))
      .for('update');
    if (locked === undefined) return false;
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
