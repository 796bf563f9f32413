import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { balanceLedger, orderLines, payments, products, productTranslations } from '../db/schema';

/** Ledger rows as the console shows them. */
export function ledgerView(entry: typeof balanceLedger.$inferSelect) {
  return {
    id: entry.id,
    at: entry.createdAt.toISOString(),
    amount: Number(entry.amountMinor),
    reason: entry.reason,
    order_id: entry.orderId,
  };
}

const text = productTranslations;

/**
 * The lines of these orders in id order. With a language, each title is the product's in that
 * language, else its default-language title, else the title at checkout (the product deleted);
 * without one, the title at checkout (the console's record).
 */
export async function linesOfOrders(db: Database, orderIds: number[], languageId?: number) {
  if (orderIds.length === 0) return [];
  const title =
    languageId === undefined
      ? orderLines.title
      : sql<string>`coalesce(${text.title}, ${products.title}, ${orderLines.title})`;
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      product_id: orderLines.productId,
      title,
      price: orderLines.priceMinor,
      count: orderLines.count,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(text, and(eq(text.productId, orderLines.productId), eq(text.languageId, languageId ?? 0)))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  return rows.map(({ orderId, ...line }) => ({ orderId, line: { ...line, price: Number(line.price) } }));
}

/** An order's payment rows and its ledger entries, each in the order they were made. */
export async function moneyOfOrder(db: Database, orderId: number) {
  const [paymentRows, ledger] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id),
    db.select().from(balanceLedger).where(eq(balanceLedger.orderId, orderId)).orderBy(balanceLedger.id),
  ]);
  return { paymentRows, ledger };
}

/** What the card was charged for each paid card order of these. */
export async function cardChargesOf(db: Database, orderIds: number[]) {
  const charged = new Map<number, { currency: string; amount: number }>();
  if (orderIds.length === 0) return charged;
  const rows = await db
    .select({ orderId: payments.orderId, currency: payments.currency, amount: payments.amountMinor })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), eq(payments.kind, 'order'), eq(payments.status, 'paid')));
  for (const row of rows) {
    if (row.orderId !== null)
      charged.set(row.orderId, { currency: row.currency, amount: Number(row.amount) });
  }
  return charged;
}
