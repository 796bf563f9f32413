import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { balanceLedger } from '../db/schema';

/**
 * One page of a customer's ledger, newest first, each entry with the balance once it was made:
 * the running sum over their whole ledger in id order (the order entries were written in).
 */
export async function balanceHistory(db: Database, userId: number, page: number, perPage: number) {
  const mine = eq(balanceLedger.userId, userId);
  const [counted] = await db.select({ total: count() }).from(balanceLedger).where(mine);
  const total = counted?.total ?? 0;
  const offset = (page - 1) * perPage;
  if (offset >= total) return { items: [], total };
  const running = db
    .select({
      id: balanceLedger.id,
      createdAt: balanceLedger.createdAt,
      reason: balanceLedger.reason,
      amount: balanceLedger.amountMinor,
      orderId: balanceLedger.orderId,
      balanceAfter: sql<string>`sum(${balanceLedger.amountMinor}) over (order by ${balanceLedger.id})`.as(
        'balance_after',
      ),
    })
    .from(balanceLedger)
    .where(mine)
    .as('running');
  const rows = await db.select().from(running).orderBy(desc(running.id)).limit(perPage).offset(offset);
  return {
    items: rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      reason: row.reason,
      amount: Number(row.amount),
      balance_after: Number(row.balanceAfter),
      ...(row.orderId === null ? {} : { order_id: row.orderId }),
    })),
    total,
  };
}
