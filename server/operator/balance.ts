import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { balanceLedger } from '../db/schema';
import { transaction } from '../db/statement';
import { appendLedgerEntry, LedgerUserNotFoundError, lockBalance } from '../ledger/ledger';
import { type Actor, audit } from './audit';

/** An operator's change of one customer's coins. */
export interface BalanceAdjustment {
  /** Coin minor units: positive credits, negative debits; never 0. */
  amount: number;
  reason: string;
  /** The client's Idempotency-Key: the same key from the same operator is the same adjustment. */
  key: string;
}

export interface AdjustedBalance {
  customerId: number;
  entryId: number;
  amount: number;
  balance: number;
}

/** The Idempotency-Key was used for another customer or amount; nothing changed. */
export class AdjustmentKeyReusedError extends Error {
  constructor() {
    super('The Idempotency-Key was used for another balance adjustment');
    this.name = 'AdjustmentKeyReusedError';
  }
}

/**
 * One `adjustment` entry on the customer's ledger and its audit row (balance before → after, the
 * reason), in one transaction; null when there is no such customer. A debit beyond the balance
 * throws InsufficientFundsError with nothing written. A repeated key answers the first entry
 * without a second one or a second audit row.
 */
export function adjustBalance(
  db: Database,
  actor: Actor,
  customerId: number,
  adjustment: BalanceAdjustment,
): Promise<AdjustedBalance | null> {
  const idempotencyKey = `adjustment:${actor.userId ?? actor.label}:${adjustment.key}`;
  return transaction(db, async (tx) => {
    let before: number;
    try {
      before = await lockBalance(tx, customerId);
    } catch (error) {
      if (error instanceof LedgerUserNotFoundError) return null;
      throw error;
    }
    const outcome = await appendLedgerEntry(
      tx,
      { userId: customerId, amountMinor: adjustment.amount, reason: 'adjustment', idempotencyKey },
      { userId: customerId, balanceMinor: before },
    );
    const [entry] = await tx
      .select({ id: balanceLedger.id, userId: balanceLedger.userId, amount: balanceLedger.amountMinor })
      .from(balanceLedger)
      .where(eq(balanceLedger.idempotencyKey, idempotencyKey));
    if (entry === undefined) throw new Error(`ledger entry ${idempotencyKey} is missing`);
    if (outcome === 'duplicate') {
      if (entry.userId !== customerId || Number(entry.amount) !== adjustment.amount) {
        throw new AdjustmentKeyReusedError();
      }
      return { customerId, entryId: entry.id, amount: adjustment.amount, balance: before };
    }
    const balance = before + adjustment.amount;
    await audit(tx, actor, {
      action: 'customer.balance.adjust',
      entity: 'customer',
      entityId: customerId,
      before: { balance: before },
      after: { balance, amount: adjustment.amount, reason: adjustment.reason, entry_id: entry.id },
    });
    return { customerId, entryId: entry.id, amount: adjustment.amount, balance };
  });
}
