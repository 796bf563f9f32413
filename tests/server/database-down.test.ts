import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPool } from '../../server/db/client';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { createTestApi, messageOf, type TestApi } from './support/api';

// A database that does not answer (stopped, restarting, unreachable) is a 503 with a message a
// customer understands and a Retry-After, on every operation: not a 500, not a hang. The fault
// suite (tests/server/faults) stops a real PostgreSQL mid-run and starts it again.

/** A port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let api: TestApi;
beforeAll(async () => {
  const port = await closedPort();
  const pool = new pg.Pool({
    connectionString: `postgres://shop:secret@127.0.0.1:${port}/shop`,
    connectionTimeoutMillis: 2_000,
  });
  api = await createTestApi({ database: fromPool(pool) });
});
afterAll(async () => {
  await api?.close();
  await api?.database.close();
});

describe('a database that does not answer', () => {
  it('answers 503 with a clear message and Retry-After, signed in or out', async () => {
    for (const [operationId, options] of [
      ['listProducts', {}],
      ['getSettings', {}],
      ['getCart', { token: 'q3Zf8m1VxT0bN7cLkPa9sRw2yHdEuGj4oXiB6tQnMv5' }],
      ['login', { body: { username: 'steve@example.com', password: 'Diamond7' } }],
      ['addToCart', { token: 'q3Zf8m1VxT0bN7cLkPa9sRw2yHdEuGj4oXiB6tQnMv5', body: { id: 1, count: 1 } }],
    ] as const) {
      const res = await api.call(operationId, options);
      expect(res.status, operationId).toBe(503);
      expect(messageOf(res.body), operationId).toBe(
        'The store is temporarily unavailable. Please try again in a moment.',
      );
      expect(Number(res.headers['retry-after']), operationId).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps its own answer on the health check', async () => {
    const res = await api.call('health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'ERROR', message: 'Database unavailable' });
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows lost and refused connections and server shutdowns, through wrapping errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves every other failure a 500', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
