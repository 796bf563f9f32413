import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { balanceLedger } from '../db/schema';
import { transaction } from '../db/statement';
import { changeOnce, type IdempotencyClaim } from '../ledger/idempotency';
import { appendLedgerEntry, LedgerUserNotFoundError, lockBalance } from '../ledger/ledger';
import { type Actor, audit } from './audit';

/** An operator's change of one customer's coins. */
export interface BalanceAdjustment {
  /** Coin minor units: positive credits, negative debits; never 0. */
  amount: number;
  reason: string;
}

export interface AdjustedBalance {
  customerId: number;
  entryId: number;
  amount: number;
  balance: number;
}

async function ledgerEntryId(tx: Database, idempotencyKey: string): Promise<number> {
  const [entry] = await tx
    .select({ id: balanceLedger.id })
    .from(balanceLedger)
    .where(eq(balanceLedger.idempotencyKey, idempotencyKey));
  if (entry === undefined) throw new Error(`ledger entry ${idempotencyKey} is missing`);
  return entry.id;
}

/**
 * One `adjustment` entry on the customer's ledger and its audit row (balance before → after, the
 * reason), in one transaction; null when there is no such customer. A debit beyond the balance
 * throws InsufficientFundsError with nothing written. The operator's Idempotency-Key (`claim`)
 * makes a retry answer the first adjustment, without a second entry or audit row.
 */
export function adjustBalance(
  db: Database,
  actor: Actor,
  customerId: number,
  adjustment: BalanceAdjustment,
  claim: IdempotencyClaim,
): Promise<AdjustedBalance | null> {
  return transaction(db, async (tx) => {
    let before: number;
    try {
      before = await lockBalance(tx, customerId);
    } catch (error) {
      if (error instanceof LedgerUserNotFoundError) return null;
      throw error;
    }
    return changeOnce(tx, claim, async () => {
      const idempotencyKey = `adjustment:${randomUUID()}`;
      await appendLedgerEntry(
        tx,
        { userId: customerId, amountMinor: adjustment.amount, reason: 'adjustment', idempotencyKey },
        { userId: customerId, balanceMinor: before },
      );
      const entryId = await ledgerEntryId(tx, idempotencyKey);
      const balance = before + adjustment.amount;
      await audit(tx, actor, {
        action: 'customer.balance.adjust',
        entity: 'customer',
        entityId: customerId,
        before: { balance: before },
        after: { balance, amount: adjustment.amount, reason: adjustment.reason, entry_id: entryId },
      });
      return { customerId, entryId, amount: adjustment.amount, balance };
    });
  });
}
