import { asc, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../domain/contract';
import {
  type CurrencyCodeProblem,
  currencyCodeProblem,
  decimalsFor,
  type RateProblem,
  rateProblem,
  rateText,
  symbolValid,
} from '../../domain/money';
import { catalogueChanged } from '../catalogue/catalogue-changes';
import type { Database } from '../db/database';
import { currencies } from '../db/schema';
import { transaction } from '../db/statement';
import { type Actor, audit } from './audit';
import { FieldsRefusedError, refuseIfAny, VersionChangedError } from './refusals';

type OperatorCurrency = components['schemas']['OperatorCurrency'];
type CreateInput = components['schemas']['CurrencyCreateRequest'];
type ChangeInput = components['schemas']['CurrencyChangeRequest'];

export type CurrencyProblem = RateProblem | CurrencyCodeProblem | 'taken' | 'symbol';

/** The default currency was to be hidden: the store's amounts (min_top_up) are in it. */
export class DefaultCurrencyHiddenError extends Error {
  constructor() {
    super('The default currency cannot be hidden');
    this.name = 'DefaultCurrencyHiddenError';
  }
}

type Row = typeof currencies.$inferSelect;

/** Postgres answers numeric(20, 8) with its scale ('1.16000000'): the operator reads '1.16'. */
const operatorCurrencyOf = (row: Row): OperatorCurrency => ({
  code: row.code,
  value: rateText(row.value),
  symbol: row.symbol,
  default: row.isDefault,
  hidden: row.hidden,
  decimals: decimalsFor(row.code),
  version: row.version,
});

/** Every display currency, hidden ones too, the default first, then by code. */
export async function listOperatorCurrencies(db: Database): Promise<OperatorCurrency[]> {
  const rows = await db.select().from(currencies).orderBy(desc(currencies.isDefault), asc(currencies.code));
  return rows.map(operatorCurrencyOf);
}

export async function operatorCurrency(db: Database, code: string): Promise<OperatorCurrency | null> {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code));
  return row === undefined ? null : operatorCurrencyOf(row);
}

function fieldProblems(input: { value?: string | undefined; symbol?: string | undefined }) {
  const problems: Record<string, CurrencyProblem> = {};
  if (input.value !== undefined) {
    const rate = rateProblem(input.value);
    if (rate !== null) problems.value = rate;
  }
  if (input.symbol !== undefined && !symbolValid(input.symbol)) problems.symbol = 'symbol';
  return problems;
}

/** Adds a display currency with an audit row in the same transaction; refused with FieldsRefusedError. */
export async function createCurrency(
  db: Database,
  actor: Actor,
  input: CreateInput,
): Promise<OperatorCurrency> {
  const problems = fieldProblems(input);
  const code = currencyCodeProblem(input.code);
  if (code !== null) problems.code = code;
  refuseIfAny(problems);
  const created = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(currencies)
      .values({
        code: input.code,
        value: rateText(input.value),
        symbol: input.symbol.trim(),
        hidden: input.hidden ?? false,
      })
      .onConflictDoNothing({ target: currencies.code })
      .returning();
    if (row === undefined) throw new FieldsRefusedError<CurrencyProblem>({ code: 'taken' });
    const currency = operatorCurrencyOf(row);
    await audit(tx, actor, {
      action: 'currency.create',
      entity: 'currency',
      entityId: row.code,
      after: currency,
    });
    return currency;
  });
  catalogueChanged(db);
  return created;
}

/**
 * Saves the fields of `change` that differ from the stored currency, if it is still at
 * `change.version`; one audit row holds the changed fields before → after, in the same
 * transaction, and the version moves on. Null when there is no such currency.
 */
export async function updateCurrency(
  db: Database,
  actor: Actor,
  code: string,
  change: ChangeInput,
): Promise<OperatorCurrency | null> {
  refuseIfAny(fieldProblems(change));
  let changed = false;
  const saved = await transaction(db, async (tx) => {
    const [locked] = await tx.select().from(currencies).where(eq(currencies.code, code)).for('update');
    if (locked === undefined) return null;
    if (locked.version !== change.version) throw new VersionChangedError(locked.version);
    const current = operatorCurrencyOf(locked);
    const wanted: Partial<Pick<OperatorCurrency, 'value' | 'symbol' | 'hidden'>> = {
      ...(change.value === undefined ? {} : { value: rateText(change.value) }),
      ...(change.symbol === undefined ? {} : { symbol: change.symbol.trim() }),
      ...(change.hidden === undefined ? {} : { hidden: change.hidden }),
    };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [field, given] of Object.entries(wanted)) {
      const key = field as keyof typeof wanted;
      if (given === current[key]) continue;
      before[field] = current[key];
      after[field] = given;
    }
    if (Object.keys(after).length === 0) return current;
    if (after.hidden === true && locked.isDefault) throw new DefaultCurrencyHiddenError();
    const [row] = await tx
      .update(currencies)
      .set({
        ...(after.value === undefined ? {} : { value: after.value as string }),
        ...(after.symbol === undefined ? {} : { symbol: after.symbol as string }),
        ...(after.hidden === undefined ? {} : { hidden: after.hidden as boolean }),
        version: sql`${currencies.version} + 1`,
      })
      .where(eq(currencies.code, code))
      .returning();
    const currency = operatorCurrencyOf(row as Row);
    before.version = current.version;
    after.version = currency.version;
    await audit(tx, actor, { action: 'currency.update', entity: 'currency', entityId: code, before, after });
    changed = true;
    return currency;
  });
  if (changed) catalogueChanged(db);
  return saved;
}
