import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { orders, payments } from '../db/schema';
import { transaction } from '../db/statement';
import { restoreOrderLines } from '../ledger/cart';
import { sendPendingCardRefunds } from './card-refunds';
import type { PaymentRow } from './payments';
import type { PaymentProvider } from './provider';

/**
 * Pending card payments the customer walked away from (ADR 0028): cancelled by the customer with
 * their order, or expired by the server after `paymentPendingTimeoutMs`. Either way the order's
 * lines go back into the cart in the same transaction. Every path locks the payment row before the
 * order row, as the webhook does (server/payments/webhook.ts), so a webhook arriving at the same
 * moment either settles the payment first (then there is nothing to cancel) or finds it closed
 * (then a late "paid" is credited to the balance as coins): the money stays exact either way.
 */
export type ClosedAs = 'cancelled' | 'expired';

export class OrderNotFoundError extends Error {
  constructor(readonly orderId: number) {
    super(`No order ${orderId} of this customer`);
    this.name = 'OrderNotFoundError';
  }
}

/** The order is no longer pending: it cannot be paid again or cancelled. */
export class OrderNotPendingError extends Error {
  constructor(
    readonly orderId: number,
    readonly status: string,
  ) {
    super(`Order ${orderId} is ${status}`);
    this.name = 'OrderNotPendingError';
  }
}

/** Ids are PostgreSQL `integer`s: a larger number names nothing. */
const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

/** Closes a locked pending payment, and its order with the lines back in the cart. */
async function close(tx: Database, payment: PaymentRow, as: ClosedAs): Promise<void> {
  const now = new Date();
  await tx.update(payments).set({ status: as, updatedAt: now }).where(eq(payments.id, payment.id));
  if (payment.orderId === null) return;
  const closed = await tx
    .update(orders)
    .set({ status: as, updatedAt: now })
    .where(and(eq(orders.id, payment.orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  if (closed.length > 0) await restoreOrderLines(tx, payment.userId, payment.orderId);
}

/** The customer's order, or `OrderNotFoundError` (someone else's order is not found either). */
async function ownOrder(db: Database, userId: number, orderId: number) {
  if (!isRowId(orderId)) throw new OrderNotFoundError(orderId);
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (order === undefined) throw new OrderNotFoundError(orderId);
  return order;
}

/**
 * The pending payment of one of the customer's pending orders, to open its provider page again.
 * Throws `OrderNotFoundError` or `OrderNotPendingError`.
 */
export async function payablePayment(db: Database, userId: number, orderId: number): Promise<PaymentRow> {
  const order = await ownOrder(db, userId, orderId);
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    .orderBy(desc(payments.id))
    .limit(1);
  if (order.status !== 'pending' || payment === undefined) {
    throw new OrderNotPendingError(orderId, order.status);
  }
  return payment;
}

/**
 * Cancels one of the customer's pending orders and its pending payment; the lines go back into the
 * cart. Answers the payment it closed (to close it at the provider too, after the commit).
 */
export async function cancelOrder(db: Database, userId: number, orderId: number): Promise<PaymentRow | null> {
  await ownOrder(db, userId, orderId);
  return transaction(db, async (tx) => {
    // Payment first, then the order: the webhook's order of locks.
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.id))
      .limit(1)
      .for('update');
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (order === undefined) throw new OrderNotFoundError(orderId);
    if (order.status !== 'pending') throw new OrderNotPendingError(orderId, order.status);
    if (payment !== undefined && payment.status === 'pending') {
      await close(tx, payment, 'cancelled');
      return payment;
    }
    // A pending order without a pending payment (none was ever made): the order alone.
    await tx.update(orders).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(orders.id, orderId));
    await restoreOrderLines(tx, userId, orderId);
    return null;
  });
}

/** How many payments one sweep closes in one transaction. */
const SWEEP_BATCH = 100;

/**
 * Expires payments still pending `timeoutMs` after they were made, oldest first, and their orders
 * (lines back in the cart). Rows another node is closing, or a webhook is settling, right now are
 * skipped (`FOR UPDATE SKIP LOCKED`) and looked at again by the next sweep. Answers what it expired.
 */
export function expirePendingPayments(
  db: Database,
  timeoutMs: number,
  now: Date = new Date(),
): Promise<PaymentRow[]> {
  return transaction(db, async (tx) => {
    const due = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, new Date(now.getTime() - timeoutMs))))
      .orderBy(asc(payments.createdAt))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    for (const payment of due) await close(tx, payment, 'expired');
    return due;
  });
}

/**
 * Closes the payments at their provider too, where it can be (Stripe expires the Checkout Session;
 * the sandbox's page already refuses a payment that is not pending). Best effort, after the commit:
 * a payment the provider still takes is credited as coins (ADR 0028).
 */
export async function closeAtProvider(
  provider: PaymentProvider | undefined,
  closed: readonly PaymentRow[],
  log: { warn(details: object, message: string): void },
): Promise<void> {
  if (provider?.cancelCheckout === undefined) return;
  for (const payment of closed) {
    if (payment.provider !== provider.name || payment.providerRef === null) continue;
    try {
      await provider.cancelCheckout(payment.providerRef);
    } catch (error) {
      log.warn({ err: error, payment: payment.ref }, 'the provider did not close the payment');
    }
  }
}

/** The pending payments of orders, by order id: what the order history shows of them. */
export async function pendingPaymentsOf(
  db: Database,
  orderIds: readonly number[],
): Promise<Map<number, PaymentRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), eq(payments.status, 'pending')))
    .orderBy(asc(payments.id));
  return new Map(rows.map((row) => [row.orderId ?? 0, row]));
}

/**
 * Runs `expirePendingPayments`, then sends card refunds still pending again, every `everyMs` until
 * stopped: each API node runs one, and the row locks keep two nodes from closing the same payment. A failed sweep (the database away) is logged
 * and the next one tries again.
 */
export function startExpirySweep(options: {
  db: Database;
  timeoutMs: number;
  provider: () => Promise<PaymentProvider | undefined>;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  everyMs?: number;
}): { stop(): Promise<void> } {
  const everyMs = options.everyMs ?? sweepInterval(options.timeoutMs);
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const sweep = async () => {
    try {
      const expired = await expirePendingPayments(options.db, options.timeoutMs);
      const provider = await options.provider();
      if (expired.length > 0) {
        options.log.info({ payments: expired.map((payment) => payment.ref) }, 'expired pending payments');
        await closeAtProvider(provider, expired, options.log);
      }
      if (provider !== undefined && (await sendPendingCardRefunds(options.db, provider)) > 0) {
        options.log.info({}, 'sent pending card refunds');
      }
    } catch (error) {
      options.log.warn({ err: error }, 'the pending-payment sweep failed; the next one tries again');
    }
  };
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(sweep);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** A quarter of the timeout, between 1 s and a minute: an expired payment is closed soon after. */
export function sweepInterval(timeoutMs: number): number {
  return Math.min(60_000, Math.max(1_000, Math.floor(timeoutMs / 4)));
}
