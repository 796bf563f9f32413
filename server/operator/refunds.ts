import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { orders, refunds } from '../db/schema';
import { transaction } from '../db/statement';
import { changeOnce, type IdempotencyClaim } from '../ledger/idempotency';
import { appendLedgerEntry } from '../ledger/ledger';
import { type Actor, audit } from './audit';

/** An operator's refund request: coin minor units back to the customer's balance. */
export interface RefundRequest {
  amount: number;
  reason: string;
}

export interface Refunded {
  refundId: number;
  orderId: number;
  amount: number;
  /** Coin minor units refunded on the order so far, this refund included. */
  refunded: number;
  /** What is left to refund. */
  refundable: number;
}

/** Only a paid order is refunded. */
export class OrderNotPaidError extends Error {
  constructor(readonly status: string) {
    super(`Only a paid order can be refunded; this one is ${status}`);
    this.name = 'OrderNotPaidError';
  }
}

/** The refund would take the order's refunds past its total; nothing changed. */
export class RefundBeyondPaidError extends Error {
  constructor(readonly refundable: number) {
    super(`At most ${refundable} is left to refund`);
    this.name = 'RefundBeyondPaidError';
  }
}

async function refundedOn(tx: Database, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${refunds.amountMinor}), 0)` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return Number(row?.sum ?? 0);
}

/**
 * Refunds part or all of a paid order to the customer's balance: the refund row, a `refund`
 * ledger entry and the audit row (refunded before → after, the reason) in one transaction, with
 * the order's row locked so that concurrent refunds never add up past its total. Null when there
 * is no such order. The operator's Idempotency-Key (`claim`) makes a retry answer the first refund.
 */
export function refundToBalance(
  db: Database,
  actor: Actor,
  orderId: number,
  request: RefundRequest,
  claim: IdempotencyClaim,
): Promise<Refunded | null> {
  return transaction(db, async (tx) => {
    const [order] = await tx
      .select({ userId: orders.userId, status: orders.status, total: orders.totalMinor })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (order === undefined) return null;
    return changeOnce(tx, claim, async () => {
      if (order.status !== 'paid') throw new OrderNotPaidError(order.status);
      const total = Number(order.total);
      const before = await refundedOn(tx, orderId);
      if (before + request.amount > total) throw new RefundBeyondPaidError(total - before);
      const [refund] = await tx
        .insert(refunds)
        .values({
          orderId,
          amountMinor: request.amount,
          destination: 'balance',
          reason: request.reason,
          actorUserId: actor.userId,
          actor: actor.label,
        })
        .returning({ id: refunds.id });
      if (refund === undefined) throw new Error('the refund was not stored');
      await appendLedgerEntry(tx, {
        userId: order.userId,
        amountMinor: request.amount,
        reason: 'refund',
        idempotencyKey: `refund:${refund.id}`,
        orderId,
      });
      const refunded = before + request.amount;
      await audit(tx, actor, {
        action: 'order.refund',
        entity: 'order',
        entityId: orderId,
        before: { refunded: before },
        after: {
          refunded,
          amount: request.amount,
          to: 'balance',
          reason: request.reason,
          refund_id: refund.id,
        },
      });
      return { refundId: refund.id, orderId, amount: request.amount, refunded, refundable: total - refunded };
    });
  });
}
