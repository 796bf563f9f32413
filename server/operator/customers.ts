import { and, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { balanceLedger, orders, refunds, users } from '../db/schema';

/** How many ledger entries and orders an account's page shows. */
const NEWEST = 50;

const summaryColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  player: users.player,
  role: users.role,
  balance: users.balanceMinor,
  verifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
};

type SummaryRow = {
  id: number;
  email: string;
  name: string;
  surname: string;
  player: string | null;
  role: 'customer' | 'operator';
  balance: number;
  verifiedAt: Date | null;
  createdAt: Date;
};

function toSummary(row: SummaryRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    surname: row.surname,
    player: row.player,
    role: row.role,
    balance: Number(row.balance),
    email_verified: row.verifiedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** `%` and `_` in what the operator typed are matched as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface CustomerFilter {
  q?: string | undefined;
  before_id?: number | undefined;
  limit: number;
}

/** Accounts newest first, matching part of the email, name, surname or player. */
export async function listCustomers(db: Database, filter: CustomerFilter) {
  const conditions: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const pattern = containing(q);
    const match = or(
      ilike(users.email, pattern),
      ilike(users.name, pattern),
      ilike(users.surname, pattern),
      ilike(users.player, pattern),
    );
    if (match !== undefined) conditions.push(match);
  }
  if (filter.before_id !== undefined) conditions.push(lt(users.id, filter.before_id));
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.id))
    .limit(filter.limit);
  return rows.map(toSummary);
}

/** One account with its newest ledger entries and orders; null when there is none. */
export async function customerDetail(db: Database, id: number) {
  const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, id));
  if (row === undefined) return null;
  const [ledger, orderRows] = await Promise.all([
    db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, id))
      .orderBy(desc(balanceLedger.id))
      .limit(NEWEST),
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        status: orders.status,
        total: orders.totalMinor,
        paymentMethod: orders.paymentMethod,
        player: orders.player,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.id))
      .limit(NEWEST),
  ]);
  const refundedBy = new Map<number, number>();
  if (orderRows.length > 0) {
    const sums = await db
      .select({ orderId: refunds.orderId, sum: sql<string>`sum(${refunds.amountMinor})` })
      .from(refunds)
      .where(
        inArray(
          refunds.orderId,
          orderRows.map((order) => order.id),
        ),
      )
      .groupBy(refunds.orderId);
    for (const { orderId, sum } of sums) refundedBy.set(orderId, Number(sum));
  }
  return {
    customer: toSummary(row),
    ledger: ledger.map((entry) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      amount: Number(entry.amountMinor),
      reason: entry.reason,
      order_id: entry.orderId,
    })),
    orders: orderRows.map((order) => ({
      id: order.id,
      at: order.createdAt.toISOString(),
      status: order.status,
      total: Number(order.total),
      payment_method: order.paymentMethod,
      player: order.player,
      refunded: refundedBy.get(order.id) ?? 0,
    })),
  };
}
