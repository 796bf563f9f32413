import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components } from '../../domain/contract';
import { catalogueChanged } from '../catalogue/catalogue-changes';
import { type MessageProblem, messageProblem } from '../catalogue/message-rules';
import type { Database } from '../db/database';
import { languages, translations } from '../db/schema';
import { transaction } from '../db/statement';
import { type Actor, audit } from './audit';

type OperatorLanguage = components['schemas']['OperatorLanguage'];
type LanguageMessage = components['schemas']['LanguageMessage'];
type LanguageMessagePage = components['schemas']['LanguageMessagePage'];

/** The text does not parse, or its placeholders are not the default language's. */
export class MessageRefusedError extends Error {
  constructor(readonly problem: MessageProblem) {
    super(`Message refused: ${problem.kind}`);
    this.name = 'MessageRefusedError';
  }
}

export type LanguageProblem = 'codeFormat' | 'codeTaken';

/** The code is not a language code, or the store has it already. */
export class LanguageRefusedError extends Error {
  constructor(readonly problem: LanguageProblem) {
    super(`Language refused: ${problem}`);
    this.name = 'LanguageRefusedError';
  }
}

/** Two small letters and an optional region, as `Language.code` in openapi.yaml. */
const LANGUAGE_CODE = /^[a-z]{2}(?:-[A-Z]{2})?$/;

/**
 * Adds a language without messages (every one missing, shown in the default language), with an
 * audit row in the same transaction; every language with its counts after it.
 */
export async function createLanguage(
  db: Database,
  actor: Actor,
  input: { code: string; title: string },
): Promise<OperatorLanguage[]> {
  if (!LANGUAGE_CODE.test(input.code)) throw new LanguageRefusedError('codeFormat');
  const created = await transaction(db, async (tx) => {
    await tx.execute(sql`lock table languages in share row exclusive mode`);
    const [taken] = await tx
      .select({ id: languages.id })
      .from(languages)
      .where(sql`lower(${languages.code}) = lower(${input.code})`);
    if (taken !== undefined) throw new LanguageRefusedError('codeTaken');
    const values = { code: input.code, title: input.title.trim() };
    const [row] = await tx.insert(languages).values(values).returning({ id: languages.id });
    const id = (row as { id: number }).id;
    await audit(tx, actor, {
      action: 'language.create',
      entity: 'language',
      entityId: id,
      after: { id, ...values },
    });
    return listOperatorLanguages(tx);
  });
  catalogueChanged(db);
  return created;
}

/** The default language's texts are what the others fall back to: they are not removed. */
export class DefaultMessageNeededError extends Error {
  constructor() {
    super("The default language's messages are not removed");
    this.name = 'DefaultMessageNeededError';
  }
}

interface LanguageRow {
  id: number;
  code: string;
  title: string;
  isDefault: boolean;
}

async function languageRows(db: Database): Promise<LanguageRow[]> {
  return db
    .select({
      id: languages.id,
      code: languages.code,
      title: languages.title,
      isDefault: languages.isDefault,
    })
    .from(languages)
    .orderBy(asc(languages.id));
}

const defaultOf = (rows: LanguageRow[]) => rows.find((row) => row.isDefault) ?? rows[0];

/** Every language with how many messages it has and how many of the default language's it lacks. */
export async function listOperatorLanguages(db: Database): Promise<OperatorLanguage[]> {
  const rows = await languageRows(db);
  const fallback = defaultOf(rows);
  const counts = await db
    .select({ languageId: translations.languageId, messages: count() })
    .from(translations)
    .groupBy(translations.languageId);
  const own = alias(translations, 'own');
  const missing =
    fallback === undefined
      ? []
      : await db
          .select({ languageId: languages.id, missing: count() })
          .from(languages)
          .innerJoin(translations, eq(translations.languageId, fallback.id))
          .leftJoin(own, and(eq(own.languageId, languages.id), eq(own.key, translations.key)))
          .where(isNull(own.key))
          .groupBy(languages.id);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    title: row.title,
    default: row === fallback,
    messages: counts.find((entry) => entry.languageId === row.id)?.messages ?? 0,
    missing: missing.find((entry) => entry.languageId === row.id)?.missing ?? 0,
  }));
}

async function messagesOf(db: Database, languageId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: translations.key, value: translations.value })
    .from(translations)
    .where(eq(translations.languageId, languageId));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export interface MessageFilter {
  missing: boolean;
  q: string | undefined;
  page: number;
  perPage: number;
}

/**
 * One page of a language's messages beside the default language's, by id; null when there is no
 * such language. A catalogue is a few hundred messages per language: both are read whole and
 * filtered here, which keeps the search over id, text and default text one simple rule.
 */
export async function languageMessages(
  db: Database,
  languageId: number,
  filter: MessageFilter,
): Promise<LanguageMessagePage | null> {
  const rows = await languageRows(db);
  const language = rows.find((row) => row.id === languageId);
  const fallback = defaultOf(rows);
  if (language === undefined || fallback === undefined) return null;
  const mine = await messagesOf(db, language.id);
  const theirs = language.id === fallback.id ? mine : await messagesOf(db, fallback.id);
  const needle = filter.q?.toLocaleLowerCase();
  const has = (text: string | null | undefined) =>
    text?.toLocaleLowerCase().includes(needle as string) === true;
  const keys = [...new Set([...theirs.keys(), ...mine.keys()])].sort();
  const all: LanguageMessage[] = keys
    .map((key) => ({ key, value: mine.get(key) ?? null, default_value: theirs.get(key) ?? null }))
    .filter((message) => !filter.missing || (message.value === null && message.default_value !== null))
    .filter(
      (message) =>
        needle === undefined || has(message.key) || has(message.value) || has(message.default_value),
    );
  const start = (filter.page - 1) * filter.perPage;
  return {
    items: all.slice(start, start + filter.perPage),
    page: filter.page,
    per_page: filter.perPage,
    total: all.length,
    total_pages: Math.ceil(all.length / filter.perPage),
  };
}

async function messageRow(tx: Database, languageId: number, key: string) {
  const [row] = await tx
    .select({ value: translations.value })
    .from(translations)
    .where(and(eq(translations.languageId, languageId), eq(translations.key, key)))
    .for('update');
  return row?.value ?? null;
}

/**
 * Sets one message of a language to `value` for an id the default language has; null when the
 * language or the id is unknown. MessageRefusedError when the text does not parse or names other
 * placeholders than the default language's text. An audit row holds before → after, in the same
 * transaction; a save that changes nothing writes none.
 */
export async function setLanguageMessage(
  db: Database,
  actor: Actor,
  languageId: number,
  key: string,
  value: string,
): Promise<LanguageMessage | null> {
  let changed = false;
  const saved = await transaction(db, async (tx) => {
    const rows = await languageRows(tx);
    const language = rows.find((row) => row.id === languageId);
    const fallback = defaultOf(rows);
    if (language === undefined || fallback === undefined) return null;
    const defaultValue = await messageRow(tx, fallback.id, key);
    if (defaultValue === null) return null;
    const before = language.id === fallback.id ? defaultValue : await messageRow(tx, language.id, key);
    const problem = messageProblem(value, defaultValue);
    if (problem !== null) throw new MessageRefusedError(problem);
    if (before !== value) {
      await tx
        .insert(translations)
        .values({ languageId: language.id, key, value })
        .onConflictDoUpdate({ target: [translations.languageId, translations.key], set: { value } });
      await audit(tx, actor, {
        action: 'translation.set',
        entity: 'translation',
        entityId: `${language.code}:${key}`,
        before: { value: before },
        after: { value },
      });
      changed = true;
    }
    return { key, value, default_value: language.id === fallback.id ? value : defaultValue };
  });
  if (changed) catalogueChanged(db);
  return saved;
}

/**
 * Removes one message of a language (the app then shows the default language's text), with an
 * audit row in the same transaction; null when the language has no such message.
 */
export async function deleteLanguageMessage(
  db: Database,
  actor: Actor,
  languageId: number,
  key: string,
): Promise<LanguageMessage | null> {
  const removed = await transaction(db, async (tx) => {
    const rows = await languageRows(tx);
    const language = rows.find((row) => row.id === languageId);
    const fallback = defaultOf(rows);
    if (language === undefined || fallback === undefined) return null;
    const before = await messageRow(tx, language.id, key);
    if (before === null) return null;
    if (language.id === fallback.id) throw new DefaultMessageNeededError();
    await tx
      .delete(translations)
      .where(sql`${translations.languageId} = ${language.id} and ${translations.key} = ${key}`);
    await audit(tx, actor, {
      action: 'translation.delete',
      entity: 'translation',
      entityId: `${language.code}:${key}`,
      before: { value: before },
    });
    return { key, value: null, default_value: await messageRow(tx, fallback.id, key) };
  });
  if (removed !== null) catalogueChanged(db);
  return removed;
}
