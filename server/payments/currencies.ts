import { and, eq } from 'drizzle-orm';
import { FALLBACK_CURRENCY, type Rate } from '../../domain/money';
import type { Database } from '../db/database';
import { currencies } from '../db/schema';

/** The fallback of docs/product.md §3 when the store has no default currency. */
const FALLBACK: Rate = FALLBACK_CURRENCY;

/** The default currency (the one `min_top_up` is in). */
export async function baseCurrency(db: Database): Promise<Rate> {
  const [row] = await db
    .select({ code: currencies.code, value: currencies.value })
    .from(currencies)
    .where(eq(currencies.isDefault, true));
  return row ?? FALLBACK;
}

/** A currency offered to customers (not hidden by an operator); undefined otherwise. */
export async function findCurrency(db: Database, code: string): Promise<Rate | undefined> {
  const [row] = await db
    .select({ code: currencies.code, value: currencies.value })
    .from(currencies)
    .where(and(eq(currencies.code, code), eq(currencies.hidden, false)));
  return row;
}
