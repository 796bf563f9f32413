import { asc } from 'drizzle-orm';
import type { Database } from '../db/database';
import { languages } from '../db/schema';
import { type Actor, audit } from './audit';

/**
 * The texts of a record the console edits per language (a product, a static page): the default
 * language's text lives in the record's own row, the others in its translations table.
 */

export interface StoreLanguages {
  byCode: Map<string, number>;
  /** Whose texts live in the record's own row. */
  defaultCode: string | null;
}

export async function storeLanguages(db: Database): Promise<StoreLanguages> {
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
export function textProblems<T>(
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

/**
 * Applies the texts a change sends (`null` removes a language's), cleaned, where they differ from
 * the stored ones: the default language's through `setDefault` into the record's row (with no
 * translation row left for it, which would win over it), the others through `write`. Returns the
 * changed languages' texts before → after for the audit row, or null when none changed.
 */
export async function changeTexts<T>(spec: {
  given: Record<string, T | null> | undefined;
  current: Record<string, T>;
  store: StoreLanguages;
  clean: (text: T) => T;
  write: (languageId: number, text: T | null) => Promise<void>;
  setDefault: (text: T) => void;
}): Promise<{ before: Record<string, T | null>; after: Record<string, T | null> } | null> {
  const before: Record<string, T | null> = {};
  const after: Record<string, T | null> = {};
  for (const [code, given] of Object.entries(spec.given ?? {})) {
    const next = given === null ? null : spec.clean(given);
    const was = spec.current[code] ?? null;
    if (JSON.stringify(next) === JSON.stringify(was)) continue;
    before[code] = was;
    after[code] = next;
    const languageId = spec.store.byCode.get(code) as number;
    if (code === spec.store.defaultCode && next !== null) {
      spec.setDefault(next);
      await spec.write(languageId, null);
    } else {
      await spec.write(languageId, next);
    }
  }
  return Object.keys(after).length > 0 ? { before, after } : null;
}

/**
 * Saves a change of a versioned record with texts, in the caller's transaction: its texts
 * (`changeTexts`, the default language's into `set`), then, when any field or text changed, its
 * row through `update` (which moves the version on) and one audit row with the changed fields
 * before → after. The record as `read` gives it now, or `current` with `changed` false.
 */
export async function saveRecordChange<T, R extends { version: number }>(
  tx: Database,
  actor: Actor,
  spec: {
    texts: Parameters<typeof changeTexts<T>>[0];
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    current: R;
    update: () => Promise<unknown>;
    read: () => Promise<R>;
    audit: { action: string; entity: string; entityId: number };
  },
): Promise<{ record: R; changed: boolean }> {
  const { before, after } = spec;
  const texts = await changeTexts(spec.texts);
  if (texts !== null) {
    before.texts = texts.before;
    after.texts = texts.after;
  }
  if (Object.keys(after).length === 0) return { record: spec.current, changed: false };
  await spec.update();
  const record = await spec.read();
  before.version = spec.current.version;
  after.version = record.version;
  await audit(tx, actor, { ...spec.audit, before, after });
  return { record, changed: true };
}
