import { asc, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { catalogueChanged } from '../catalogue/catalogue-changes';
import type { Database } from '../db/database';
import { languages } from '../db/schema';
import { transaction } from '../db/statement';
import { type Actor, audit } from './audit';
import { FieldsRefusedError, refuseIfAny, VersionChangedError } from './refusals';

/**
 * The records the console edits per language (a product, a static page): the default language's
 * text lives in the record's own row (columns named as the text's fields), the others in its
 * translations table. One kind of record is described once, as a `TextedRecord`; reading,
 * writing and saving a change of its texts are the same for every kind.
 */

type Text = Record<string, string>;

/** A table of texts per record and language. */
interface Translations<T extends Text> {
  table: PgTable;
  /** The column naming the record, and its key in an inserted row. */
  recordId: PgColumn;
  recordKey: string;
  languageId: PgColumn;
  fields: { [K in keyof T]: PgColumn };
}

/** A table of records with an id and a version that every saved change moves on. */
interface VersionedTable {
  table: PgTable;
  id: PgColumn;
  version: PgColumn;
}

/** A kind of versioned record with texts per language. */
export interface TextedRecord<T extends Text, R extends { version: number }> extends VersionedTable {
  /** The audit log's entity, and the first word of its actions (`page.update`). */
  entity: string;
  slug: PgColumn;
  position: PgColumn;
  translations: Translations<T>;
  /** A text as it is stored. */
  clean: (text: T) => T;
  read: (db: Database, id: number) => Promise<R | null>;
}

interface StoreLanguages {
  byCode: Map<string, number>;
  /** Whose texts live in the record's own row. */
  defaultCode: string | null;
}

async function storeLanguages(db: Database): Promise<StoreLanguages> {
  const rows = await db
    .select({ id: languages.id, code: languages.code, isDefault: languages.isDefault })
    .from(languages)
    .orderBy(asc(languages.id));
  return {
    byCode: new Map(rows.map((row) => [row.code, row.id])),
    defaultCode: rows.find((row) => row.isDefault)?.code ?? rows[0]?.code ?? null,
  };
}

export type TextProblem = 'unknownLanguage' | 'defaultTextRequired' | 'defaultTextNotRemovable';

/** What is wrong with a request's texts, keyed as the contract's field errors (`texts.de`). */
function textProblems<T>(
  texts: Record<string, T | null> | undefined,
  store: StoreLanguages,
  creating: boolean,
): Record<string, TextProblem> {
  const problems: Record<string, TextProblem> = {};
  for (const [code, text] of Object.entries(texts ?? {})) {
    if (!store.byCode.has(code)) problems[`texts.${code}`] = 'unknownLanguage';
    else if (text === null && code === store.defaultCode)
      problems[`texts.${code}`] = 'defaultTextNotRemovable';
  }
  if (creating && (store.defaultCode === null || texts?.[store.defaultCode] === undefined)) {
    problems[`texts.${store.defaultCode ?? 'en'}`] ??= 'defaultTextRequired';
  }
  return problems;
}

type RecordTable = PgTable & { id: PgColumn; slug: PgColumn; position: PgColumn; version: PgColumn };

/**
 * A kind of record (`entity` names it in the audit log) from its tables, by the columns every such
 * table has: the records' `id`, `slug`, `position` and `version`, and the translations'
 * `languageId`, `recordKey` naming the record and a column for each of the text's `fields`.
 */
export function textedRecord<T extends Text, R extends { version: number }>(
  entity: string,
  tables: { records: RecordTable; translations: PgTable; recordKey: string },
  text: { fields: readonly (keyof T & string)[]; clean: (text: T) => T },
  read: (db: Database, ids: readonly number[]) => Promise<R[]>,
): TextedRecord<T, R> {
  const { records } = tables;
  const translations = tables.translations as PgTable & Record<string, PgColumn>;
  const column = (name: string) => translations[name] as PgColumn;
  return {
    entity,
    table: records,
    id: records.id,
    slug: records.slug,
    position: records.position,
    version: records.version,
    translations: {
      table: translations,
      recordId: column(tables.recordKey),
      recordKey: tables.recordKey,
      languageId: column('languageId'),
      fields: Object.fromEntries(text.fields.map((field) => [field, column(field)])) as {
        [F in keyof T]: PgColumn;
      },
    },
    clean: text.clean,
    read: async (db, id) => (await read(db, [id]))[0] ?? null,
  };
}

/** Each record's texts by language code: the default language's from the record's row. */
export async function textsOf<T extends Text>(
  db: Database,
  { translations }: TextedRecord<T, { version: number }>,
  rows: readonly ({ id: number } & T)[],
): Promise<Map<number, Record<string, T>>> {
  const { defaultCode } = await storeLanguages(db);
  const defaultText = (row: T) =>
    Object.fromEntries(Object.keys(translations.fields).map((field) => [field, row[field]])) as T;
  const byRecord = new Map<number, Record<string, T>>(
    rows.map((row) => [row.id, defaultCode === null ? {} : { [defaultCode]: defaultText(row) }]),
  );
  if (rows.length === 0) return byRecord;
  const translated = (await db
    .select({ recordId: translations.recordId, code: languages.code, ...translations.fields })
    .from(translations.table)
    .innerJoin(languages, eq(languages.id, translations.languageId))
    .where(
      inArray(
        translations.recordId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(languages.id))) as ({ recordId: number; code: string } & T)[];
  for (const { recordId, code, ...text } of translated) {
    const texts = byRecord.get(recordId);
    if (texts !== undefined && code !== defaultCode) texts[code] = text as unknown as T;
  }
  return byRecord;
}

/** Stores a language's text of a record, or removes it (`null`). */
async function writeText<T extends Text>(
  tx: Database,
  translations: Translations<T>,
  recordId: number,
  languageId: number,
  text: T | null,
): Promise<void> {
  const row: SQL = sql`${translations.recordId} = ${recordId} and ${translations.languageId} = ${languageId}`;
  if (text === null) {
    await tx.delete(translations.table).where(row);
    return;
  }
  await tx
    .insert(translations.table)
    .values({ [translations.recordKey]: recordId, languageId, ...text })
    .onConflictDoUpdate({ target: [translations.recordId, translations.languageId], set: text });
}

/**
 * Adds a record in one transaction: its row (`row`'s columns, its slug, the default language's
 * text cleaned, after the last record unless `position` is given), its other languages' texts and
 * an audit row (`<entity>.create`); the storefront's catalogue is told after the commit.
 * FieldsRefusedError, with nothing saved, for texts or `rules.problems` the rules refuse or a slug
 * another record has.
 */
export async function createTextedRecord<T extends Text, R extends { version: number }, P extends string>(
  db: Database,
  actor: Actor,
  kind: TextedRecord<T, R>,
  input: { slug: string; position?: number | undefined; texts: Record<string, T | undefined> },
  rules: {
    /** The row's other columns. */
    row: Record<string, unknown>;
    /** What is wrong with the input beside its texts, keyed as the contract's field errors. */
    problems?: (tx: Database) => Promise<Record<string, P>> | Record<string, P>;
    /** Runs first, before anything is read (e.g. to queue behind other saves). */
    before?: (tx: Database) => Promise<void>;
    /** Runs once the input is accepted, before the row is added. */
    accepted?: (tx: Database) => Promise<void>;
  },
): Promise<R> {
  const created = await transaction(db, async (tx) => {
    await rules.before?.(tx);
    const store = await storeLanguages(tx);
    refuseIfAny<P | TextProblem>({
      ...textProblems(input.texts, store, true),
      ...(await rules.problems?.(tx)),
    });
    await rules.accepted?.(tx);
    // textProblems refused a record without the default language's text.
    const defaultText = kind.clean(input.texts[store.defaultCode as string] as T);
    const [last] = await tx.select({ position: max(kind.position) }).from(kind.table);
    const [row] = await tx
      .insert(kind.table)
      .values({
        ...rules.row,
        ...defaultText,
        slug: input.slug,
        position: input.position ?? ((last?.position as number | null) ?? -1) + 1,
      })
      .onConflictDoNothing({ target: kind.slug })
      .returning({ id: kind.id });
    if (row === undefined) throw new FieldsRefusedError({ slug: 'slugTaken' });
    const id = row.id as number;
    for (const [code, text] of Object.entries(input.texts)) {
      if (text === undefined || code === store.defaultCode) continue;
      await writeText(tx, kind.translations, id, store.byCode.get(code) as number, kind.clean(text));
    }
    const record = (await kind.read(tx, id)) as R;
    await audit(tx, actor, {
      action: `${kind.entity}.create`,
      entity: kind.entity,
      entityId: id,
      after: record,
    });
    return record;
  });
  catalogueChanged(db);
  return created;
}

/**
 * Locks a record for the caller's transaction (two saves one after the other: the second sees the
 * first one's version). Its stored version, or null when there is no such record.
 */
export async function lockRecord(tx: Database, kind: VersionedTable, id: number): Promise<number | null> {
  const [locked] = await tx
    .select({ version: kind.version })
    .from(kind.table)
    .where(eq(kind.id, id))
    .for('update');
  return locked === undefined ? null : (locked.version as number);
}

/**
 * Applies the texts a change sends (`null` removes a language's), cleaned, where they differ from
 * the stored ones: the default language's into the record's row (`set`, with no translation row
 * left for it, which would win over it), the others into its translations. Returns the changed
 * languages' texts before → after for the audit row, or null when none changed.
 */
async function changeTexts<T extends Text>(
  tx: Database,
  kind: TextedRecord<T, { version: number }>,
  id: number,
  given: Record<string, T | null> | undefined,
  current: Record<string, T>,
  store: StoreLanguages,
  set: Record<string, unknown>,
): Promise<{ before: Record<string, T | null>; after: Record<string, T | null> } | null> {
  const before: Record<string, T | null> = {};
  const after: Record<string, T | null> = {};
  for (const [code, text] of Object.entries(given ?? {})) {
    const next = text === null ? null : kind.clean(text);
    const was = current[code] ?? null;
    if (JSON.stringify(next) === JSON.stringify(was)) continue;
    before[code] = was;
    after[code] = next;
    const languageId = store.byCode.get(code) as number;
    if (code === store.defaultCode && next !== null) {
      Object.assign(set, next);
      await writeText(tx, kind.translations, id, languageId, null);
    } else {
      await writeText(tx, kind.translations, id, languageId, next);
    }
  }
  return Object.keys(after).length > 0 ? { before, after } : null;
}

/** What an update of a kind of record may change and what it refuses, beside its texts. */
export interface UpdateRules<R, P extends string> {
  /** The fields an update may change, each with its column's key in the record's row. */
  fields: Record<string, string>;
  /** What is wrong with the change beside its texts, keyed as the contract's field errors. */
  problems?: (tx: Database, current: R) => Promise<Record<string, P>> | Record<string, P>;
  /** Runs first, before the record is locked (e.g. to queue behind other saves). */
  before?: (tx: Database) => Promise<void>;
  /** Runs for each field that changes, before the record's row is saved. */
  onChange?: (tx: Database, field: string, value: unknown) => Promise<void>;
}

/**
 * Saves the fields and texts of `change` that differ from the stored record, if it is still at
 * `change.version`, in one transaction: its texts (`changeTexts`), then, when anything changed,
 * its row with the version moved on and one audit row (`<entity>.update`) with the changed fields
 * before → after; the storefront's catalogue is told after the commit. Null when there is no such
 * record; VersionChangedError when somebody saved in between; FieldsRefusedError, with nothing
 * saved, for a change the texts' or `rules.problems`' rules refuse.
 */
export async function updateTextedRecord<
  T extends Text,
  R extends { version: number; texts: Record<string, T> },
  P extends string,
>(
  db: Database,
  actor: Actor,
  kind: TextedRecord<T, R>,
  id: number,
  change: { version: number; texts?: Record<string, T | null> | undefined },
  rules: UpdateRules<R, P>,
): Promise<R | null> {
  let changed = false;
  const saved = await transaction(db, async (tx) => {
    await rules.before?.(tx);
    const version = await lockRecord(tx, kind, id);
    if (version === null) return null;
    if (version !== change.version) throw new VersionChangedError(version);
    const store = await storeLanguages(tx);
    const current = (await kind.read(tx, id)) as R;
    refuseIfAny<P | TextProblem>({
      ...textProblems(change.texts, store, false),
      ...(await rules.problems?.(tx, current)),
    });
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set: Record<string, unknown> = {};
    const given = change as Record<string, unknown>;
    const stored = current as Record<string, unknown>;
    for (const [field, column] of Object.entries(rules.fields)) {
      if (given[field] === undefined || given[field] === stored[field]) continue;
      await rules.onChange?.(tx, field, given[field]);
      before[field] = stored[field];
      after[field] = given[field];
      set[column] = given[field];
    }
    const texts = await changeTexts(tx, kind, id, change.texts, current.texts, store, set);
    if (texts !== null) {
      before.texts = texts.before;
      after.texts = texts.after;
    }
    if (Object.keys(after).length === 0) return current;
    await tx
      .update(kind.table)
      .set({ ...set, version: sql`${kind.version} + 1` })
      .where(eq(kind.id, id));
    const record = (await kind.read(tx, id)) as R;
    before.version = current.version;
    after.version = record.version;
    await audit(tx, actor, {
      action: `${kind.entity}.update`,
      entity: kind.entity,
      entityId: id,
      before,
      after,
    });
    changed = true;
    return record;
  });
  if (changed) catalogueChanged(db);
  return saved;
}
