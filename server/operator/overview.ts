import { sql } from 'drizzle-orm';
import { executeRows } from '../db/client';
import type { Database } from '../db/database';

/** How many products the overview ranks. */
const TOP_PRODUCTS = 5;

export interface OverviewDay {
  /** The UTC day, YYYY-MM-DD. */
  date: string;
  orders_paid: number;
  /** Coin minor units customers spent on orders from their balance. */
  coins_spent: number;
  /** Card money taken that day (top-ups and card orders), per currency, in its minor units. */
  card: Array<{ currency: string; amount: number }>;
}

const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** The last `days` UTC days up to and including `now`'s, oldest first. */
function daysUpTo(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => dayOf(new Date(today - (days - 1 - i) * 86_400_000)));
}

/**
 * The console's first page: per day of the last `days` (UTC), orders paid, coins spent and card
 * money in; the best-selling products of that window; and what needs a look now.
 */
export async function overview(db: Database, days: number, now = new Date()) {
  const dates = daysUpTo(now, days);
  const since = new Date(`${dates[0]}T00:00:00Z`);
  const [ordersByDay, coinsByDay, cardByDay, top, attention] = await Promise.all([
    executeRows<{ day: string; count: string }>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as count
          from orders where status = 'paid' and created_at >= ${since} group by 1`,
    ),
    executeRows<{ day: string; spent: string }>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, -sum(amount_minor) as spent
          from balance_ledger where reason = 'order' and created_at >= ${since} group by 1`,
    ),
    // A paid payment is not changed again: its last change is when it was paid.
    executeRows<{ day: string; currency: string; amount: string }>(
      db,
      sql`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as day, currency,
                 sum(amount_minor) as amount
          from payments where status = 'paid' and updated_at >= ${since}
          group by 1, 2 order by 2`,
    ),
    executeRows<{ product_id: number | null; title: string; count: string; coins: string }>(
      db,
      sql`select l.product_id, max(l.title) as title, sum(l.count) as count,
                 sum(l.count * l.price_minor) as coins
          from order_lines l join orders o on o.id = l.order_id
          where o.status = 'paid' and o.created_at >= ${since}
          group by l.product_id order by coins desc, count desc limit ${TOP_PRODUCTS}`,
    ),
    executeRows<{ failed: string; uncertain: string; pending: string; late: string }>(
      db,
      sql`select
            (select count(*) from deliveries where state = 'failed') as failed,
            (select count(*) from deliveries where state = 'uncertain') as uncertain,
            (select count(*) from payments where status = 'pending') as pending,
            (select count(*) from payments p join orders o on o.id = p.order_id
              where p.status = 'paid' and o.status in ('cancelled', 'expired')
                and p.updated_at >= ${since}) as late`,
    ),
  ]);
  const byDay = new Map(
    dates.map((date) => [date, { date, orders_paid: 0, coins_spent: 0, card: [] } as OverviewDay]),
  );
  for (const row of ordersByDay) {
    const day = byDay.get(row.day);
    if (day) day.orders_paid = Number(row.count);
  }
  for (const row of coinsByDay) {
    const day = byDay.get(row.day);
    if (day) day.coins_spent = Number(row.spent);
  }
  for (const row of cardByDay)
    byDay.get(row.day)?.card.push({ currency: row.currency, amount: Number(row.amount) });
  const counts = attention[0];
  return {
    days: [...byDay.values()],
    top_products: top.map((row) => ({
      product_id: row.product_id,
      title: row.title,
      count: Number(row.count),
      coins: Number(row.coins),
    })),
    attention: {
      failed_deliveries: Number(counts?.failed ?? 0),
      uncertain_deliveries: Number(counts?.uncertain ?? 0),
      pending_payments: Number(counts?.pending ?? 0),
      late_payments: Number(counts?.late ?? 0),
    },
  };
}
