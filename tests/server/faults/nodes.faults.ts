// Two API nodes (two processes of server/main.ts) on one PostgreSQL, as behind a load balancer:
// the limits hold across both, not once per node. The API's per-address limit and the sign-in
// throttles count every node's requests (server/http/rate-limit.ts); store agents leasing through
// both never get one delivery twice (ADR 0031). Runs on the fault suite's
// own cluster ('faults', port 54339; scripts/ci-postgres.sh creates it). Needs root.
import { execFileSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db';
import { expectEachOnceInOrder, paidOrdersFor, raceAgents, raceFigures } from '../support/delivery-race';
import { type ServerProcess, startServer } from './server-process';

const API_LIMIT = 60;
const RACE_ORDERS = 100;

let adminUrl = '';
let databaseName = '';
let nodes: ServerProcess[] = [];
let nodeEnv: Record<string, string> = {};

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  adminUrl = execFileSync('bash', ['scripts/ci-postgres.sh'], {
    env: { ...process.env, PG_CLUSTER: 'faults', PG_PORT: '54339' },
    encoding: 'utf8',
  }).trim();
  databaseName = `bf_nodes_${process.pid}`;
  await admin(`drop database if exists ${databaseName} with (force)`);
  await admin(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const env = {
    DATABASE_URL: url.toString(),
    PUBLIC_URL: 'http://shop.test',
    PAYMENT_PROVIDER: 'sandbox',
    RATE_LIMIT_API: String(API_LIMIT),
    // Each request names its client (X-Forwarded-For), as the load balancer would.
    TRUST_PROXY: 'true',
  };
  // Both start at once on the empty database, as a deployment's nodes do.
  nodeEnv = env;
  nodes = await Promise.all([startServer('node-a', env), startServer('node-b', env)]);
}, 180_000);

afterAll(async () => {
  for (const node of nodes) await node.kill('SIGTERM');
  if (databaseName !== '') await admin(`drop database if exists ${databaseName} with (force)`);
});

function send(node: ServerProcess | undefined, path: string, client: string, body?: unknown) {
  if (node === undefined) throw new Error('no node');
  return fetch(`${node.baseURL}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-forwarded-for': client,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('two API nodes on one PostgreSQL', () => {
  it('hold the API limit per address across both: not twice the limit', async () => {
    const client = '203.0.113.101';
    const statuses: number[] = [];
    for (let n = 0; n < 2 * API_LIMIT + 30; n += 1) {
      const response = await send(nodes[n % 2], '/health', client);
      await response.arrayBuffer();
      statuses.push(response.status);
      await delay(5);
    }
    const served = statuses.filter((status) => status === 200).length;
    console.info(`API limit ${API_LIMIT} per address, two nodes: ${served} of ${statuses.length} served`);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    // At most a few more than the limit: a node learns the other's hits within a flush interval.
    expect(served).toBeGreaterThanOrEqual(API_LIMIT);
    expect(served).toBeLessThanOrEqual(API_LIMIT + 6);
    expect(statuses.slice(-20).every((status) => status === 429)).toBe(true);
    // Another address is served on both.
    for (const node of nodes) expect((await send(node, '/health', '203.0.113.102')).status).toBe(200);
  });

  it('hold the sign-in throttles across both: the 11th wrong password from one address is refused on either', async () => {
    const client = '203.0.113.110';
    const attempt = (n: number) =>
      send(nodes[n % 2], '/login', client, { username: 'nodes@example.com', password: 'Wrong1234' });
    const statuses: number[] = [];
    for (let n = 0; n < 12; n += 1) statuses.push((await attempt(n)).status);
    expect(statuses).toEqual([...Array(10).fill(422), 429, 429]);
  });

  it('hand each delivery to one agent only: 3 agents leasing through both nodes, each command once, in order', async () => {
    const database = await openDatabase(loadConfig(nodeEnv));
    try {
      const secret = `gs_${'n'.repeat(43)}`;
      const setup = await paidOrdersFor(database.db, secret, RACE_ORDERS);
      let calls = 0;
      const result = await raceAgents(3, (agent) => async (operation, body) => {
        calls += 1;
        // Every call through the other node than the last one, from its own address (the API's
        // per-address limit is low here).
        const node = nodes[(agent + calls) % 2];
        if (node === undefined) throw new Error('no node');
        const response = await fetch(`${node.baseURL}/api/game/deliveries/${operation}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${secret}`,
            'content-type': 'application/json',
            'x-forwarded-for': `10.${agent}.${Math.floor(calls / 200)}.${calls % 200}`,
          },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as { payload?: unknown } };
      });
      await expectEachOnceInOrder(database.db, setup, result);
      console.info(raceFigures('two API nodes on PostgreSQL', RACE_ORDERS * 2, 3, result));
    } finally {
      await database.close();
    }
  });
});
