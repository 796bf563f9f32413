// Two API nodes on one PostgreSQL (docs/decisions/0014), each with its own connection pool as two
// processes behind a load balancer would have: they migrate and seed together safely, a cart
// checked out on both at once is paid once, and the sensitive operations' rate limits count
// across both. (The global per-address flood guard counts per node: server/http/rate-limit.ts.)
// Runs in `npm run test:postgres`; PGlite serves one process only.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, prepareDatabase } from '../../server/db';
import { executeRows } from '../../server/db/client';
import { createTestApi, type TestApi } from './support/api';
import {
  activeProducts,
  cachedBalance,
  createCustomer,
  ledgerMismatches,
  testRateLimits,
} from './support/money';

const adminUrl = process.env.DATABASE_URL;
const NODES = 2;

describe.runIf(adminUrl !== undefined)('two API nodes on one PostgreSQL', () => {
  const name = `bf_nodes_${process.pid}_${randomBytes(4).toString('hex')}`;
  let handles: DatabaseHandle[] = [];
  let nodes: TestApi[] = [];
  let seeded: boolean[] = [];

  async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin((client) => client.query(`create database ${name}`));
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    handles = await Promise.all(
      Array.from({ length: NODES }, () =>
        openDatabase({ dataDir: '/nonexistent', databaseUrl: url.toString() }),
      ),
    );
    // Both start at once on an empty database, as `npm start` does: migrate, then seed if empty.
    seeded = (await Promise.all(handles.map((handle) => prepareDatabase(handle)))).map(
      (result) => result.seeded,
    );
    // hitStore undefined: buildApp's default, the rate_limit_hits table every node shares.
    nodes = await Promise.all(
      handles.map((database) => createTestApi({ database, rateLimits: testRateLimits, hitStore: undefined })),
    );
  }, 120_000);

  afterAll(async () => {
    for (const node of nodes) await node.close();
    for (const handle of handles) await handle.close();
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  });

  it('migrate and seed once when both start at once', async () => {
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const db = handles[0]?.db;
    if (db === undefined) throw new Error('no node');
    const [counts] = await executeRows<{
      migrations: number;
      languages: number;
      codes: number;
      settings: number;
    }>(
      db,
      sql`select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
                 (select count(*)::int from languages) as languages,
                 (select count(distinct code)::int from languages) as codes,
                 (select count(*)::int from settings) as settings`,
    );
    const journal = (await import('../../server/db/migrations/meta/_journal.json')).default as {
      entries: unknown[];
    };
    expect(counts?.migrations).toBe(journal.entries.length);
    expect(counts?.languages).toBe(counts?.codes);
    expect(counts?.settings).toBeGreaterThan(0);
    for (const node of nodes) expect((await node.call('health')).body).toMatchObject({ driver: 'postgres' });
  });

  it('pay for a cart checked out on both at once exactly once', async () => {
    const [first, second] = nodes;
    if (first === undefined || second === undefined) throw new Error('no nodes');
    const { db } = first.database;
    const customer = await createCustomer(db, { balanceMinor: 1_000_000 });
    const [a, b] = await activeProducts(db);
    if (a === undefined || b === undefined) throw new Error('no products');
    await first.call('addToCart', { token: customer.token, body: { id: a.id, count: 2 } });
    await second.call('addToCart', { token: customer.token, body: { id: b.id, count: 1 } });
    const total = a.priceMinor * 2 + b.priceMinor;

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? first : second).call('checkout', {
          token: customer.token,
          body: { payment_method: 'balance' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);
    expect(await cachedBalance(db, customer.id)).toBe(1_000_000 - total);
    const [orders] = await executeRows<{ n: number; total: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(total_minor), 0)::int as total from orders where user_id = ${customer.id}`,
    );
    expect(orders).toEqual({ n: 1, total });
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('share the sensitive operations’ rate limits: the 11th sign-in attempt is refused on either', async () => {
    const attempt = (node: TestApi | undefined) => {
      if (node === undefined) throw new Error('no node');
      return node.call('login', { body: { username: `nodes.${name}@example.com`, password: 'Wrong1234' } });
    };
    for (let n = 0; n < 10; n += 1) expect((await attempt(nodes[n % NODES])).status).toBe(422);
    for (const node of nodes) expect((await attempt(node)).status).toBe(429);
  });
});
