// Store agents racing for one game server's deliveries (ADR 0031): the setup (paid orders whose
// product runs two commands there), the agents' loop (lease, start, report) through any way of
// calling the API, and what must hold afterwards. Used in-process (delivery-concurrency.test.ts)
// and across two API node processes on one PostgreSQL (faults/nodes.faults.ts).
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { hashToken } from '../../../server/auth/tokens';
import { executeRows } from '../../../server/db/client';
import type { Database } from '../../../server/db/database';
import { gameServers, productCommands } from '../../../server/db/schema';
import { transaction } from '../../../server/db/statement';
import { queueDeliveries } from '../../../server/delivery/queue';
import { activeProducts, createCustomer } from './money';

export type AgentCall = (
  operation: 'lease' | 'start' | 'report',
  body: unknown,
) => Promise<{ status: number; body: { payload?: unknown } }>;

export interface RaceSetup {
  serverId: number;
  orderIds: number[];
}

/** A game server with `secret`, and `orders` paid orders whose product runs two commands on it. */
export async function paidOrdersFor(db: Database, secret: string, orders: number): Promise<RaceSetup> {
  const [server] = await db
    .insert(gameServers)
    .values({ name: `race-${orders}-${Date.now()}`, secretHash: hashToken(secret) })
    .returning();
  const [product] = await activeProducts(db);
  if (server === undefined || product === undefined) throw new Error('no server or product');
  await db.delete(productCommands).where(sql`${productCommands.productId} = ${product.id}`);
  await db.insert(productCommands).values(
    ['say first {order}', 'say second {order}'].map((template, position) => ({
      productId: product.id,
      gameServerId: server.id,
      position,
      template,
      condition: 'any' as const,
    })),
  );
  const customer = await createCustomer(db);
  const orderIds = (
    await executeRows<{ id: number }>(
      db,
      sql`insert into orders (user_id, status, total_minor, payment_method, player)
          select ${customer.id}, 'paid', 0, 'balance', 'Steve' from generate_series(1, ${orders}) returning id`,
    )
  ).map((row) => row.id);
  await executeRows(
    db,
    sql`insert into order_lines (order_id, product_id, title, price_minor, count)
        select id, ${product.id}, 'x', 0, 1 from orders where user_id = ${customer.id} returning id`,
  );
  for (const id of orderIds) await transaction(db, (tx) => queueDeliveries(tx, id));
  return { serverId: server.id, orderIds };
}

export interface RaceResult {
  runs: Map<number, number>;
  sequence: Array<{ order: number; command: string }>;
  leaseCalls: number;
  leasedRows: number;
  seconds: number;
}

/** `agents` agents lease, start and report until three leases in a row find nothing. */
export async function raceAgents(agents: number, call: (agent: number) => AgentCall): Promise<RaceResult> {
  const runs = new Map<number, number>();
  const sequence: Array<{ order: number; command: string }> = [];
  let leaseCalls = 0;
  let leasedRows = 0;
  const started = performance.now();
  async function agent(index: number): Promise<void> {
    const send = call(index);
    for (let idle = 0; idle < 3; ) {
      const answer = await send('lease', { max: 5 });
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
        const startAnswer = await send('start', { delivery_id: d.delivery_id, attempt: d.attempt });
        if (startAnswer.status !== 200) continue;
        runs.set(d.delivery_id, (runs.get(d.delivery_id) ?? 0) + 1);
        sequence.push({ order: d.order_id, command: d.command });
        results.push({ delivery_id: d.delivery_id, attempt: d.attempt, outcome: 'done' });
      }
      if (results.length > 0) expect((await send('report', { results })).status).toBe(200);
    }
  }
  await Promise.all(Array.from({ length: agents }, (_, index) => agent(index)));
  return { runs, sequence, leaseCalls, leasedRows, seconds: (performance.now() - started) / 1000 };
}

/** Every delivery done, each run exactly once, the commands of each order in their order. */
export async function expectEachOnceInOrder(db: Database, setup: RaceSetup, result: RaceResult) {
  const rows = await executeRows<{ id: number; state: string }>(
    db,
    sql`select id, state::text as state from deliveries where game_server_id = ${setup.serverId}`,
  );
  expect(rows).toHaveLength(setup.orderIds.length * 2);
  expect(rows.filter((row) => row.state !== 'done')).toEqual([]);
  expect([...result.runs.values()].filter((n) => n !== 1)).toEqual([]);
  expect(result.runs.size).toBe(setup.orderIds.length * 2);
  for (const id of setup.orderIds) {
    const mine = result.sequence.filter((entry) => entry.order === id).map((entry) => entry.command);
    expect(mine).toEqual([`say first ${id}`, `say second ${id}`]);
  }
}

export const raceFigures = (label: string, deliveries: number, agents: number, result: RaceResult): string =>
  `${label}: ${deliveries} deliveries by ${agents} agents in ${result.seconds.toFixed(2)} s — ` +
  `${(result.leasedRows / result.seconds).toFixed(0)} deliveries leased/s, ` +
  `${(result.leaseCalls / result.seconds).toFixed(0)} lease calls/s, ${(result.runs.size / result.seconds).toFixed(0)} done/s`;
