import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { orders, payments, webhookEvents } from '../db/schema';
import { transaction } from '../db/statement';
import { deliveriesQueued, queueDeliveries } from '../delivery/queue';
import { restoreOrderLines } from '../ledger/cart';
import { appendLedgerEntry } from '../ledger/ledger';
import { mailQueued, queueMail } from '../mail/queue';
import type { PaymentRow } from './payments';
import type { PaymentEvent, PaymentProvider } from './provider';

/** What a delivery did: changed a payment, repeated one already seen, or needed nothing. */
export type WebhookResult = 'processed' | 'duplicate' | 'ignored';

export class UnknownPaymentError extends Error {
  constructor(readonly ref: string | undefined) {
    super(`The event names no payment of this provider: ${ref ?? '(none)'}`);
    this.name = 'UnknownPaymentError';
  }
}

/** The event contradicts a payment that is already settled the other way. */
export class PaymentSettledError extends Error {
  constructor(
    readonly ref: string,
    readonly status: string,
  ) {
    super(`Payment ${ref} is already ${status}`);
    this.name = 'PaymentSettledError';
  }
}

/**
 * What a paid payment buys as coins: a ledger credit keyed by the payment, so once only. A top-up's
 * receipt is queued with it.
 */
async function creditCoins(tx: Database, payment: PaymentRow): Promise<void> {
  await appendLedgerEntry(tx, {
    userId: payment.userId,
    amountMinor: payment.coinsMinor,
    reason: 'top_up',
    idempotencyKey: `payment:${payment.ref}`,
    paymentId: payment.id,
  });
  if (payment.kind === 'top_up') {
    await queueMail(tx, { kind: 'top_up_receipt', userId: payment.userId, paymentId: payment.id });
  }
}

/**
 * Applies a verified provider event in one transaction: the event id is recorded (a second
 * delivery answers 'duplicate' and changes nothing), the payment is settled and, on success,
 * a top-up credits its coins (ledger key `payment:<ref>`) and an order becomes paid, with its
 * delivery rows (ADR 0031). A failure
 * fails the payment and its order, and puts the order's lines back into the cart. A payment
 * cancelled or expired here that the provider still took is credited as coins (ADR 0028). Errors roll everything back, the event
 * id included, so the provider's retry is processed afresh.
 */
export function applyPaymentEvent(
  db: Database,
  provider: PaymentProvider['name'],
  event: PaymentEvent,
): Promise<WebhookResult> {
  return transaction(db, async (tx) => {
    const recorded = await tx
      .insert(webhookEvents)
      .values({ provider, eventId: event.id, payload: event.payload })
      .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
      .returning({ id: webhookEvents.id });
    if (recorded.length === 0) return 'duplicate';
    if (event.outcome === 'ignored') return 'ignored';
    if (event.paymentRef === undefined) throw new UnknownPaymentError(undefined);

    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.ref, event.paymentRef), eq(payments.provider, provider)))
      .for('update');
    if (payment === undefined) throw new UnknownPaymentError(event.paymentRef);
    const target = event.outcome === 'succeeded' ? 'paid' : 'failed';
    if (payment.status === target) return 'duplicate';
    if (payment.status === 'cancelled' || payment.status === 'expired') {
      // Closed here (the customer cancelled, or it expired), closed at the provider too: a failure
      // says nothing new. Paid anyway (the provider took it before it heard): the order stays
      // closed and its lines stay in the cart, and what was paid is credited as coins (ADR 0028).
      if (target === 'failed') return 'ignored';
      await tx
        .update(payments)
        .set({ status: 'paid', updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      await creditCoins(tx, payment);
      return 'processed';
    }
    if (payment.status !== 'pending') throw new PaymentSettledError(payment.ref, payment.status);

    const now = new Date();
    await tx.update(payments).set({ status: target, updatedAt: now }).where(eq(payments.id, payment.id));
    if (payment.kind === 'top_up' && target === 'paid') {
      await creditCoins(tx, payment);
    }
    if (payment.kind === 'order' && payment.orderId !== null) {
      const settled = await tx
        .update(orders)
        .set({ status: target, updatedAt: now })
        .where(and(eq(orders.id, payment.orderId), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      if (target === 'paid' && settled.length > 0) {
        await queueDeliveries(tx, payment.orderId);
        await queueMail(tx, { kind: 'order_confirmation', userId: payment.userId, orderId: payment.orderId });
      }
      // The checkout emptied the cart into the order; a failed payment gives the lines back.
      if (target === 'failed') await restoreOrderLines(tx, payment.userId, payment.orderId);
    }
    return 'processed';
  });
}

/** Verifies a delivery on its raw body, then applies it. Throws `WebhookSignatureError` when forged. */
export async function receiveWebhook(
  db: Database,
  provider: PaymentProvider,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookResult> {
  const result = await applyPaymentEvent(db, provider.name, provider.verifyWebhook(rawBody, headers));
  if (result === 'processed') {
    deliveriesQueued();
    mailQueued();
  }
  return result;
}
