import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { balanceLedger, users } from '../db/schema';

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

/**
 * Locks the user's row `FOR UPDATE` and returns the cached balance. Every change of a balance
 * goes through this lock, so concurrent transactions of one user run one after the other.
 */
export async function lockBalance(tx: Database, userId: number): Promise<number> {
  const [row] = await tx
    .select({ balanceMinor: users.balanceMinor })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (row === undefined) throw new LedgerUserNotFoundError(userId);
  return row.balanceMinor;
}

/**
 * Appends one ledger row and moves the user's cached balance by the same amount, inside the
 * caller's transaction. An idempotency key seen before answers 'duplicate' and changes nothing.
 * A debit the balance cannot cover throws `InsufficientFundsError` before anything is written.
 *
 * The insert uses ON CONFLICT DO NOTHING rather than catching 23505: a failed statement would
 * abort the caller's whole transaction on PostgreSQL.
 */
export async function appendLedgerEntry(tx: Database, entry: LedgerEntry): Promise<'applied' | 'duplicate'> {
  if (!Number.isSafeInteger(entry.amountMinor) || entry.amountMinor === 0) {
    throw new RangeError(`A ledger amount must be a non-zero integer, got ${entry.amountMinor}`);
  }
  const balance = await lockBalance(tx, entry.userId);
  if (balance + entry.amountMinor < 0) {
    if (await keyExists(tx, entry.idempotencyKey)) return 'duplicate';
    throw new InsufficientFundsError(balance, -entry.amountMinor);
  }
  const inserted = await tx
    .insert(balanceLedger)
    .values({
      userId: entry.userId,
      amountMinor: entry.amountMinor,
      reason: entry.reason,
      idempotencyKey: entry.idempotencyKey,
      orderId: entry.orderId,
      paymentId: entry.paymentId,
    })
    .onConflictDoNothing({ target: balanceLedger.idempotencyKey })
    .returning({ id: balanceLedger.id });
  if (inserted.length === 0) return 'duplicate';
  await tx
    .update(users)
    .set({ balanceMinor: sql`${users.balanceMinor} + ${entry.amountMinor}` })
    .where(eq(users.id, entry.userId));
  return 'applied';
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
