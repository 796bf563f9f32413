// 200 paid orders, 3 store agents leasing at once (ADR 0030): every delivery is run exactly once,
// and the commands of one order in their order. On PostgreSQL (npm run test:postgres) the three
// lessees run on separate connections of the pool, so `FOR UPDATE SKIP LOCKED` is what keeps them
// apart; on PGlite they interleave on one connection. Prints leases per second.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens';
import { executeRows } from '../../server/db/client';
import { gameServers, productCommands } from '../../server/db/schema';
import { transaction } from '../../server/db/statement';
import { queueDeliveries } from '../../server/delivery/queue';
import { createTestApi, type TestApi } from './support/api';
import { activeProducts, createCustomer, testRateLimits } from './support/money';

const ORDERS = 200;
const AGENTS = 3;
const SECRET = `gs_${'c'.repeat(43)}`;

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ rateLimits: testRateLimits });
}, 120_000);
afterAll(async () => {
  await api?.close();
});

async function call(operation: 'lease' | 'start' | 'report', body: unknown) {
  const response = await api.app.inject({
    method: 'POST',
    url: `/api/game/deliveries/${operation}`,
    headers: { authorization: `Bearer ${SECRET}` },
    payload: body as object,
  });
  return { status: response.statusCode, body: response.json() as { payload?: unknown } };
}

it(`${ORDERS} paid orders, ${AGENTS} agents at once: every delivery done exactly once, in order`, async () => {
  const { db } = api.database;
  const [server] = await db
    .insert(gameServers)
    .values({ name: 'concurrency', secretHash: hashToken(SECRET) })
    .returning();
  const [product] = await activeProducts(db);
  if (server === undefined || product === undefined) throw new Error('no server or product');
  // The product delivers only on this server here: two commands in order.
  await db.delete(productCommands).where(sql`${productCommands.productId} = ${product.id}`);
  await db.insert(productCommands).values([
    {
      productId: product.id,
      gameServerId: server.id,
      position: 0,
      template: 'say first {order}',
      condition: 'any',
    },
    {
      productId: product.id,
      gameServerId: server.id,
      position: 1,
      template: 'say second {order}',
      condition: 'any',
    },
  ]);
  const customer = await createCustomer(db);
  const orderIds = (
    await executeRows<{ id: number }>(
      db,
      sql`insert into orders (user_id, status, total_minor, payment_method, player)
          select ${customer.id}, 'paid', 0, 'balance', 'Steve' from generate_series(1, ${ORDERS}) returning id`,
    )
  ).map((row) => row.id);
  await executeRows(
    db,
    sql`insert into order_lines (order_id, product_id, title, price_minor, count)
        select id, ${product.id}, 'x', 0, 1 from orders where user_id = ${customer.id} returning id`,
  );
  for (const id of orderIds) await transaction(db, (tx) => queueDeliveries(tx, id));

  const runs = new Map<number, number>();
  const sequence: Array<{ order: number; command: string }> = [];
  let leaseCalls = 0;
  let leasedRows = 0;
  const started = performance.now();
  async function agent(): Promise<void> {
    for (let idle = 0; idle < 3; ) {
      const answer = await call('lease', { max: 5 });
      expect(answer.status).toBe(200);
      leaseCalls += 1;
      const batch = answer.body.payload as Array<{
        delivery_id: number;
        attempt: number;
        order_id: number;
        command: string;
      }>;
      leasedRows += batch.length;
      if (batch.length === 0) {
        idle += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      idle = 0;
      const results = [];
      for (const d of batch) {
        const startAnswer = await call('start', { delivery_id: d.delivery_id, attempt: d.attempt });
        if (startAnswer.status !== 200) continue;
        runs.set(d.delivery_id, (runs.get(d.delivery_id) ?? 0) + 1);
        sequence.push({ order: d.order_id, command: d.command });
        results.push({ delivery_id: d.delivery_id, attempt: d.attempt, outcome: 'done' });
      }
      if (results.length > 0) expect((await call('report', { results })).status).toBe(200);
    }
  }
  await Promise.all(Array.from({ length: AGENTS }, agent));
  const seconds = (performance.now() - started) / 1000;

  const rows = await executeRows<{ id: number; state: string; lease_count: number }>(
    db,
    sql`select id, state::text as state, lease_count from deliveries where game_server_id = ${server.id}`,
  );
  expect(rows).toHaveLength(ORDERS * 2);
  expect(rows.filter((row) => row.state !== 'done')).toEqual([]);
  expect([...runs.values()].filter((n) => n !== 1)).toEqual([]);
  expect(runs.size).toBe(ORDERS * 2);
  // The commands of one order ran in their order.
  for (const id of orderIds) {
    const mine = sequence.filter((entry) => entry.order === id).map((entry) => entry.command);
    expect(mine).toEqual([`say first ${id}`, `say second ${id}`]);
  }
  console.log(
    `delivery concurrency (${api.database.driver}): ${ORDERS * 2} deliveries by ${AGENTS} agents in ${seconds.toFixed(2)} s — ` +
      `${(leasedRows / seconds).toFixed(0)} deliveries leased/s, ${(leaseCalls / seconds).toFixed(0)} lease calls/s, ` +
      `${(runs.size / seconds).toFixed(0)} done/s (lease + start + report through app.inject)`,
  );
}, 300_000);
