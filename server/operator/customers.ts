import { and, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { containing } from '../db/like';
import { balanceLedger, orders, users } from '../db/schema';
import { ledgerView } from '../orders/detail';
import { orderSummaries } from './orders';

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
  const [ledger, orderList] = await Promise.all([
    db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, id))
      .orderBy(desc(balanceLedger.id))
      .limit(NEWEST),
    orderSummaries(db, eq(orders.userId, id), NEWEST),
  ]);
  return { customer: toSummary(row), ledger: ledger.map(ledgerView), orders: orderList };
}
