// kill -9 of the API server under mixed load (cart adds, checkouts, top-ups with duplicate and
// out-of-order webhooks), then a restart on the same embedded database. After
// each crash every acknowledged write is there, every balance is what the acknowledged answers
// add up to, and at the end every cached balance equals its ledger and every paid top-up was
// credited exactly once. FAULT_SEED replays a run; FAULT_KILLS sets the number of crashes.
import { rmSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { executeRows, openDatabase } from '../../../server/db/client';
import { ledgerMismatches } from '../support/money';
import { type ServerProcess, startServer } from './server-process';
import { Api, cartTotal, faultStore, type Model, Shopper, seededRandom, Unanswered } from './shopper';

const SEED = Number(process.env.FAULT_SEED ?? 20_261_123);
const KILLS = Number(process.env.FAULT_KILLS ?? 3);
const SHOPPERS = 6;

const random = seededRandom(SEED);
const { dataDir, env } = faultStore('kill');

let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const byProduct = (cart: Model['cart']) =>
  Object.fromEntries(
    cart.map((line) => [line.item_id, line.count]).sort(([a], [b]) => Number(a) - Number(b)),
  );

/**
 * Settles the shopper's one request that got no answer by looking at the server: whichever way
 * it went is fine, as long as it went all the way or not at all. Then the model must match.
 */
/** The requests a crash cut off, by operation, and how many of them had committed. */
const cutOff = new Map<string, { count: number; committed: number }>();

function noteCutOff(op: string, committed: boolean): void {
  const entry = cutOff.get(op) ?? { count: 0, committed: 0 };
  entry.count += 1;
  if (committed) entry.committed += 1;
  cutOff.set(op, entry);
}

async function reconcile(shopper: Shopper): Promise<void> {
  const { api, model, inFlight } = shopper;
  const token = shopper.token;
  const cart = (await api.send('GET', '/cart/contents', { token })).body.cart as Model['cart'];
  const orders = (await api.send('GET', '/purchase/history', { token })).body.payload as {
    id: number;
    status: string;
    total: number;
  }[];
  for (const [ref, payment] of model.payments) {
    if (payment.coins === 0) payment.coins = await shopper.coinsOf(ref);
  }
  if (inFlight?.op === 'add') {
    const added = { ...byProduct(model.cart) };
    added[inFlight.productId] = (added[inFlight.productId] ?? 0) + inFlight.count;
    const committed = JSON.stringify(byProduct(cart)) === JSON.stringify(added);
    if (committed) model.cart = cart;
    noteCutOff('add', committed);
  } else if (inFlight?.op === 'checkout') {
    const unknown = orders.filter((order) => !model.orders.has(order.id));
    noteCutOff('checkout', unknown.length > 0);
    if (unknown.length === 1 && unknown[0] !== undefined) {
      const total = cartTotal(model.cart);
      expect(unknown[0]).toMatchObject({ status: 'paid', total });
      model.orders.set(unknown[0].id, total);
      model.balance -= total;
      model.cart = [];
    }
  } else if (inFlight?.op === 'deliver') {
    const payment = model.payments.get(inFlight.ref);
    const actual = await shopper.payment(inFlight.ref);
    noteCutOff('webhook', payment?.status === 'pending' && actual.status !== 'pending');
    if (payment !== undefined && payment.status === 'pending' && actual.status !== 'pending') {
      payment.status = actual.status;
      if (actual.status === 'paid') model.balance += payment.coins;
    }
  } else if (inFlight !== undefined) {
    noteCutOff(inFlight.op, false);
  }
  shopper.inFlight = undefined;

  // Every acknowledged write is there, and nothing else changed.
  expect(byProduct(cart), shopper.email).toEqual(byProduct(model.cart));
  expect(orders.length, shopper.email).toBe(model.orders.size);
  for (const order of orders) {
    expect(order.status).toBe('paid');
    expect(order.total).toBe(model.orders.get(order.id));
  }
  for (const [ref, payment] of model.payments) {
    expect((await shopper.payment(ref)).status, ref).toBe(payment.status);
  }
  expect(await shopper.balance(), shopper.email).toBe(model.balance);
}

/** The provider delivers again whatever it sent, until it gets a 2xx: every event once more. */
async function redeliverAll(shopper: Shopper): Promise<void> {
  for (const [ref, payment] of shopper.model.payments) {
    for (const event of payment.events) await shopper.deliver(ref, event);
  }
}

describe('kill -9 under load, restart on the same data', () => {
  it(`loses no acknowledged write and no coin over ${KILLS} crashes`, async () => {
    server = await startServer('kill', env);
    const api = new Api(server.baseURL, random);
    const products = (
      (await api.send('GET', '/products?per_page=60')).body.payload as { items: { id: number }[] }
    ).items;
    const countries = (await api.send('GET', '/countries')).body.payload as { id: number; iso: string }[];
    const germany = countries.find((country) => country.iso === 'DE');
    if (germany === undefined) throw new Error('no country DE');
    const shoppers = Array.from(
      { length: SHOPPERS },
      (_, i) => new Shopper(api, `shopper.${i}.${SEED}@example.com`, random),
    );
    for (const shopper of shoppers) await shopper.join(dataDir, germany.id);

    const report = { kills: 0, acknowledged: 0, restartMs: [] as number[] };
    for (let cycle = 0; cycle < KILLS; cycle += 1) {
      let acknowledged = 0;
      const loops = shoppers.map(async (shopper) => {
        try {
          for (;;) {
            await shopper.step(products);
            acknowledged += 1;
          }
        } catch (error) {
          if (!(error instanceof Unanswered)) throw error;
        }
      });
      await delay(1_500 + random() * 2_500);
      const exit = await server.kill('SIGKILL');
      expect(exit.signal).toBe('SIGKILL');
      await Promise.all(loops);
      report.kills += 1;
      report.acknowledged += acknowledged;

      const restarted = Date.now();
      server = await startServer('kill', env);
      report.restartMs.push(Date.now() - restarted);
      api.baseURL = server.baseURL;
      for (const shopper of shoppers) await reconcile(shopper);
      for (const shopper of shoppers) await redeliverAll(shopper);
      for (const shopper of shoppers) expect(await shopper.balance()).toBe(shopper.model.balance);
    }

    const stopped = await server.kill('SIGTERM');
    expect(stopped.code).toBe(0);
    server = undefined;
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect(await ledgerMismatches(database.db)).toEqual([]);
      // A paid top-up is credited once, any other none; a paid order is debited once.
      const misbooked = [
        sql`select p.ref, p.status, count(l.id)::int as credits from payments p
            left join balance_ledger l on l.payment_id = p.id where p.kind = 'top_up'
            group by p.id having count(l.id) <> case when p.status = 'paid' then 1 else 0 end`,
        sql`select o.id, o.status, count(l.id)::int as debits from orders o
            left join balance_ledger l on l.order_id = o.id where o.payment_method = 'balance'
            group by o.id having count(l.id) <> case when o.status = 'paid' then 1 else 0 end`,
      ];
      for (const query of misbooked) expect(await executeRows(database.db, query)).toEqual([]);
      const [totals] = await executeRows<{ paid_top_ups: number; orders: number }>(
        database.db,
        sql`select (select count(*)::int from payments where kind = 'top_up' and status = 'paid') as paid_top_ups,
                   (select count(*)::int from orders where status = 'paid') as orders`,
      );
      // Coins the acknowledged answers promised that the database does not hold (or the reverse).
      const balances = await executeRows<{ email: string; balance: number }>(
        database.db,
        sql`select email, balance_minor::int as balance from users`,
      );
      const coinsLost = shoppers.reduce((sum, shopper) => {
        const stored = balances.find((row) => row.email === shopper.email)?.balance ?? 0;
        return sum + Math.abs(shopper.model.balance - stored);
      }, 0);
      expect(coinsLost).toBe(0);
      // Checkouts must have happened for "no coin lost" to speak of them.
      expect(totals?.orders, 'paid orders').toBeGreaterThan(0);
      console.log(
        `faults/kill: seed ${SEED}, ${report.kills} kill -9 survived, ${report.acknowledged} acknowledged operations, ` +
          `${totals?.paid_top_ups} paid top-ups, ${totals?.orders} paid orders, coins lost ${coinsLost}, ` +
          `restarts ${report.restartMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}; requests cut off: ` +
          [...cutOff]
            .map(([op, { count, committed }]) =>
              // A cut-off top-up leaves at most a pending payment, which the API lists nowhere.
              op === 'topUp' ? `${op} ${count}` : `${op} ${count} (${committed} committed)`,
            )
            .join(', '),
      );
    } finally {
      await database.close();
    }
  });
});
