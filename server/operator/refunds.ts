import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { orders, payments, refunds } from '../db/schema';
import { transaction } from '../db/statement';
import { changeOnce, type IdempotencyClaim } from '../ledger/idempotency';
import { appendLedgerEntry } from '../ledger/ledger';
import { type Actor, audit } from './audit';

/** An operator's refund request: coin minor units back to the customer's balance or card. */
export interface RefundRequest {
  amount: number;
  to: 'balance' | 'card';
  reason: string;
}

export type RefundState = (typeof refunds.$inferSelect)['status'];

export interface Refunded {
  refundId: number;
  orderId: number;
  amount: number;
  to: RefundRequest['to'];
  state: RefundState;
  /** What goes back to the card, in minor units of the payment's currency. */
  card: { currency: string; amount: number } | null;
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

/** A card refund of an order not paid by card, or one so small that its share of the payment is 0. */
export class NoCardRefundError extends Error {
  constructor(readonly why: 'notByCard' | 'tooSmall') {
    super(why === 'notByCard' ? 'The order was not paid by card' : 'The refund is too small for the card');
    this.name = 'NoCardRefundError';
  }
}

/** Coin minor units refunded on an order: every refund but the failed ones. */
async function refundedOn(tx: Database, orderId: number): Promise<{ coins: number; card: number }> {
  const [row] = await tx
    .select({
      coins: sql<string>`coalesce(sum(${refunds.amountMinor}), 0)`,
      card: sql<string>`coalesce(sum(${refunds.chargedMinor}), 0)`,
    })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  return { coins: Number(row?.coins ?? 0), card: Number(row?.card ?? 0) };
}

/**
 * The card's share of a refund of `amount` coins: in proportion to the order's total, rounded
 * down, and the whole rest of the payment for the refund that completes the order's.
 */
export function cardShare(
  amount: number,
  order: { total: number; refunded: number },
  payment: { amount: number; refunded: number },
): number {
  if (order.refunded + amount === order.total) return payment.amount - payment.refunded;
  return Math.floor((amount * payment.amount) / order.total);
}

/**
 * Records a refund of part or all of a paid order, with the order's row locked so that refunds
 * never add up past its total, and its audit row (refunded before → after, the reason), in one
 * transaction. To the balance: a `refund` ledger entry, done. To the card: `pending`, for
 * `sendCardRefund` to send after the commit. Null when there is no such order. The operator's
 * Idempotency-Key (`claim`) makes a retry answer as the first request did.
 */
export function recordRefund(
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
      if (before.coins + request.amount > total) throw new RefundBeyondPaidError(total - before.coins);
      let card: (Refunded['card'] & { paymentId: number }) | null = null;
      if (request.to === 'card') {
        const [payment] = await tx
          .select({ id: payments.id, amount: payments.amountMinor, currency: payments.currency })
          .from(payments)
          .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')));
        if (payment === undefined) throw new NoCardRefundError('notByCard');
        const amount = cardShare(
          request.amount,
          { total, refunded: before.coins },
          { amount: Number(payment.amount), refunded: before.card },
        );
        if (amount <= 0) throw new NoCardRefundError('tooSmall');
        card = { paymentId: payment.id, currency: payment.currency, amount };
      }
      const state: RefundState = card === null ? 'succeeded' : 'pending';
      const [refund] = await tx
        .insert(refunds)
        .values({
          orderId,
          amountMinor: request.amount,
          destination: request.to,
          reason: request.reason,
          actorUserId: actor.userId,
          actor: actor.label,
          status: state,
          paymentId: card?.paymentId ?? null,
          chargedMinor: card?.amount ?? null,
        })
        .returning({ id: refunds.id });
      if (refund === undefined) throw new Error('the refund was not stored');
      if (card === null) {
        await appendLedgerEntry(tx, {
          userId: order.userId,
          amountMinor: request.amount,
          reason: 'refund',
          idempotencyKey: `refund:${refund.id}`,
          orderId,
        });
      }
      const refunded = before.coins + request.amount;
      const cardAmount = card === null ? null : { currency: card.currency, amount: card.amount };
      await audit(tx, actor, {
        action: 'order.refund',
        entity: 'order',
        entityId: orderId,
        before: { refunded: before.coins },
        after: {
          refunded,
          amount: request.amount,
          to: request.to,
          ...(cardAmount === null ? {} : { card: cardAmount }),
          reason: request.reason,
          refund_id: refund.id,
        },
      });
      return {
        refundId: refund.id,
        orderId,
        amount: request.amount,
        to: request.to,
        state,
        card: cardAmount,
        refunded,
        refundable: total - refunded,
      };
    });
  });
}
