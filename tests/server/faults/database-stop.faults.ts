// PostgreSQL stopped mid-run: the API answers 503 with a clear message at once
// (no 500, no hang) while the database is down, and serves again without a restart once it is
// back. Runs on a throwaway cluster of its own ('faults', port 54339; scripts/ci-postgres.sh
// creates it), so stopping it disturbs no other test run. Needs root, as test:postgres does.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, prepareDatabase } from '../../../server/db';
import { createTestApi, type TestApi } from '../support/api';
import { activeProducts, createCustomer, ledgerMismatches, type TestCustomer } from '../support/money';

const CLUSTER = 'faults';
const PORT = '54339';
const VERSION =
  readdirSync('/usr/lib/postgresql')
    .sort((a, b) => Number(a) - Number(b))
    .at(-1) ?? '';
const UNAVAILABLE = 'The store is temporarily unavailable. Please try again in a moment.';

function cluster(action: 'start' | 'stop'): void {
  const args = [VERSION, CLUSTER, action, ...(action === 'stop' ? ['-m', 'fast'] : [])];
  execFileSync('pg_ctlcluster', args, { stdio: 'inherit' });
}

let adminUrl = '';
let databaseName = '';
let database: DatabaseHandle;
let api: TestApi;
let customer: TestCustomer;
let productId = 0;

beforeAll(async () => {
  adminUrl = execFileSync('bash', ['scripts/ci-postgres.sh'], {
    env: { ...process.env, PG_CLUSTER: CLUSTER, PG_PORT: PORT },
    encoding: 'utf8',
  }).trim();
  databaseName = `bf_faults_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  // The pool the server itself opens (server/db/client.ts), timeouts included.
  database = await openDatabase({ dataDir: '/nonexistent', databaseUrl: url.toString() });
  await prepareDatabase(database);
  api = await createTestApi({ database, rateLimits: { global: { max: 1_000_000, windowMs: 60_000 } } });
  customer = await createCustomer(database.db, { balanceMinor: 1_000_000 });
  const [product] = await activeProducts(database.db);
  productId = product?.id ?? 0;
}, 180_000);

afterAll(async () => {
  // Started again unless the test already did (pg_ctlcluster status exits 3 for a stopped one).
  try {
    execFileSync('pg_ctlcluster', [VERSION, CLUSTER, 'status'], { stdio: 'ignore' });
  } catch {
    cluster('start');
  }
  await api?.close();
  await database?.close();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

/**
 * A mix of reads and writes, signed in and out, as the storefront sends them. The catalogue reads
 * may come from the server's short-lived caches, so they may still succeed while it is down.
 */
function traffic() {
  return {
    cached: [api.call('listProducts'), api.call('getSettings')],
    live: [
      api.call('getCart', { token: customer.token }),
      api.call('addToCart', { token: customer.token, body: { id: productId, count: 1 } }),
      api.call('checkout', { token: customer.token, body: { payment_method: 'balance' } }),
      api.call('login', { body: { username: 'nobody@example.com', password: 'Diamond7' } }),
    ],
  };
}

async function all(requests: ReturnType<typeof traffic>) {
  return { cached: await Promise.all(requests.cached), live: await Promise.all(requests.live) };
}

describe('PostgreSQL stopped and started again', () => {
  it('answers 503 while it is down and serves again once it is back, without a restart', async () => {
    const before = await all(traffic());
    for (const res of [...before.cached, ...before.live]) expect(res.status).toBeLessThan(500);

    // Stopped while requests run: each of them ends in an answer the contract documents.
    const during = Promise.all(Array.from({ length: 5 }, () => all(traffic())));
    cluster('stop');
    for (const { cached, live } of await during) {
      for (const res of [...cached, ...live]) expect([200, 409, 422, 503]).toContain(res.status);
    }

    const started = Date.now();
    const down = await all(traffic());
    const health = await api.call('health');
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(health.status).toBe(503);
    for (const res of down.cached) expect([200, 503]).toContain(res.status);
    for (const res of down.live) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'ERROR', message: UNAVAILABLE });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }

    cluster('start');
    let healthy = false;
    for (let waited = 0; waited < 30_000 && !healthy; waited += 250) {
      healthy = (await api.call('health')).status === 200;
      if (!healthy) await delay(250);
    }
    expect(healthy).toBe(true);
    const back = await all(traffic());
    for (const res of [...back.cached, ...back.live]) expect(res.status).toBeLessThan(500);
    expect(
      (await api.call('addToCart', { token: customer.token, body: { id: productId, count: 1 } })).status,
    ).toBe(200);
    expect(
      (await api.call('checkout', { token: customer.token, body: { payment_method: 'balance' } })).status,
    ).toBe(200);
    expect(await ledgerMismatches(database.db)).toEqual([]);
  });
});
