import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { balanceLedger } from '../db/schema';
import { defineStatement, runStatement } from '../db/statement';

export type LedgerReason = (typeof balanceLedger.$inferInsert)['reason'];

export interface LedgerEntry {
  userId: number;
  /** Signed coin minor units: credits positive, debits negative; never 0. */
  amountMinor: number;
  reason: LedgerReason;
  /** Unique per business event, e.g. `order:<id>` or `payment:<ref>`: a repeat is a no-op. */
  idempotencyKey: string;
  orderId?: number;
  paymentId?: number;
}

/** A debit larger than the balance; nothing was written. */
export class InsufficientFundsError extends Error {
  constructor(
    readonly balanceMinor: number,
    readonly requiredMinor: number,
  ) {
    super(`Insufficient funds: balance ${balanceMinor}, required ${requiredMinor}`);
    this.name = 'InsufficientFundsError';
  }
}

export class LedgerUserNotFoundError extends Error {
  constructor(readonly userId: number) {
    super(`No user ${userId} for a ledger entry`);
    this.name = 'LedgerUserNotFoundError';
  }
}

// Checkout runs these on every order: prepared statements (server/db/statement.ts).
const lockUser = defineStatement<{ balance: number }>(
  'bf_ledger_lock_user',
  'select balance_minor::float8 as balance from users where id = $1::int for update',
);

/** The ledger row and the cached balance in one statement; no row when the key was seen before. */
const appendEntry = defineStatement<{ applied: number }>(
  'bf_ledger_append',
  `with entry as (
     insert into balance_ledger (user_id, amount_minor, reason, idempotency_key, order_id, payment_id)
     values ($1::int, $2::bigint, $3::ledger_reason, $4, $5::int, $6::int)
     on conflict (idempotency_key) do nothing
     returning amount_minor
   )
   update users set balance_minor = balance_minor + (select amount_minor from entry)
   where id = $1::int and exists (select 1 from entry)
   returning 1 as applied`,
);

/**
 * Locks the user's row `FOR UPDATE` and returns the cached balance. Every change of a balance
 * goes through this lock, so concurrent transactions of one user run one after the other.
 */
export async function lockBalance(tx: Database, userId: number): Promise<number> {
  const [row] = await runStatement(tx, lockUser, [userId]);
  if (row === undefined) throw new LedgerUserNotFoundError(userId);
  return row.balance;
}

/**
 * A balance read by `lockBalance` in this transaction, before anything moved it: an entry that
 * passes it skips the second `FOR UPDATE` of the same row.
 */
export interface LockedBalance {
  readonly userId: number;
  readonly balanceMinor: number;
}

/**
 * Appends one ledger row and moves the user's cached balance by the same amount, inside the
 * caller's transaction. An idempotency key seen before answers 'duplicate' and changes nothing.
 * A debit the balance cannot cover throws `InsufficientFundsError` before anything is written.
 *
 * The insert uses ON CONFLICT DO NOTHING rather than catching 23505: a failed statement would
 * abort the caller's whole transaction on PostgreSQL.
 */
export async function appendLedgerEntry(
  tx: Database,
  entry: LedgerEntry,
  locked?: LockedBalance,
): Promise<'applied' | 'duplicate'> {
  if (!Number.isSafeInteger(entry.amountMinor) || entry.amountMinor === 0) {
    throw new RangeError(`A ledger amount must be a non-zero integer, got ${entry.amountMinor}`);
  }
  const balance = locked?.userId === entry.userId ? locked.balanceMinor : await lockBalance(tx, entry.userId);
  if (balance + entry.amountMinor < 0) {
    if (await keyExists(tx, entry.idempotencyKey)) return 'duplicate';
    throw new InsufficientFundsError(balance, -entry.amountMinor);
  }
  const applied = await runStatement(tx, appendEntry, [
    entry.userId,
    entry.amountMinor,
    entry.reason,
    entry.idempotencyKey,
    entry.orderId ?? null,
    entry.paymentId ?? null,
  ]);
  return applied.length === 0 ? 'duplicate' : 'applied';
}

async function keyExists(tx: Database, idempotencyKey: string): Promise<boolean> {
  const rows = await tx
    .select({ id: balanceLedger.id })
    .from(balanceLedger)
    .where(eq(balanceLedger.idempotencyKey, idempotencyKey))
    .limit(1);
  return rows.length > 0;
}

/** The balance as the ledger says it is (the cached column must always equal it). */
export async function ledgerBalance(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${balanceLedger.amountMinor}), 0)` })
    .from(balanceLedger)
    .where(eq(balanceLedger.userId, userId));
  return Number(row?.sum ?? 0);
}
