import { and, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { containing } from '../db/like';
import { orders, refunds, users } from '../db/schema';
import { listDeliveries } from '../delivery/operator';
import { ledgerView, linesOfOrders, moneyOfOrder } from '../orders/detail';

/** Orders as the console lists them, newest first, with what each has had refunded. */
export async function orderSummaries(db: Database, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      total: orders.totalMinor,
      paymentMethod: orders.paymentMethod,
      player: orders.player,
      customerId: users.id,
      customerEmail: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.id))
    .limit(limit);
  const refundedBy = new Map<number, number>();
  if (rows.length > 0) {
    const sums = await db
      .select({ orderId: refunds.orderId, sum: sql<string>`sum(${refunds.amountMinor})` })
      .from(refunds)
      .where(
        and(
          inArray(
            refunds.orderId,
            rows.map((row) => row.id),
          ),
          ne(refunds.status, 'failed'),
        ),
      )
      .groupBy(refunds.orderId);
    for (const { orderId, sum } of sums) refundedBy.set(orderId, Number(sum));
  }
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    status: row.status,
    total: Number(row.total),
    payment_method: row.paymentMethod,
    player: row.player,
    refunded: refundedBy.get(row.id) ?? 0,
    customer_id: row.customerId,
    customer_email: row.customerEmail,
  }));
}

export interface OrderFilter {
  q?: string | undefined;
  status?: (typeof orders.$inferSelect)['status'] | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
  before_id?: number | undefined;
  limit: number;
}

/** Orders newest first: by part of the customer's email or the player, status and time placed. */
export function listOrders(db: Database, filter: OrderFilter) {
  const conditions: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const match = or(ilike(users.email, containing(q)), ilike(orders.player, containing(q)));
    if (match !== undefined) conditions.push(match);
  }
  if (filter.status !== undefined) conditions.push(eq(orders.status, filter.status));
  if (filter.from !== undefined) conditions.push(gte(orders.createdAt, filter.from));
  if (filter.until !== undefined) conditions.push(lt(orders.createdAt, filter.until));
  if (filter.before_id !== undefined) conditions.push(lt(orders.id, filter.before_id));
  return orderSummaries(db, and(...conditions), filter.limit);
}

/** One order with its lines, payments, ledger entries, refunds and deliveries; null when there is none. */
export async function orderDetail(db: Database, id: number) {
  const [order] = await orderSummaries(db, eq(orders.id, id), 1);
  if (order === undefined) return null;
  const [lines, { paymentRows, ledger }, refundRows, deliveries] = await Promise.all([
    linesOfOrders(db, [id]),
    moneyOfOrder(db, id),
    db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(refunds.id),
    listDeliveries(db, { order_id: id, limit: 200 }),
  ]);
  return {
    order,
    lines: lines.map(({ line }) => line),
    payments: paymentRows.map((payment) => ({
      ref: payment.ref,
      at: payment.createdAt.toISOString(),
      provider: payment.provider,
      status: payment.status,
      amount: Number(payment.amountMinor),
      currency: payment.currency,
      coins: Number(payment.coinsMinor),
    })),
    ledger: ledger.map(ledgerView),
    refunds: refundRows.map((refund) => {
      const payment = paymentRows.find((row) => row.id === refund.paymentId);
      return {
        id: refund.id,
        at: refund.createdAt.toISOString(),
        amount: Number(refund.amountMinor),
        to: refund.destination,
        state: refund.status,
        card:
          payment === undefined || refund.chargedMinor === null
            ? null
            : { currency: payment.currency, amount: Number(refund.chargedMinor) },
        reason: refund.reason,
        actor: refund.actor,
      };
    }),
    deliveries,
  };
}
