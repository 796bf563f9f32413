import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { rateLimitHits } from '../../server/db/schema';
import { handlers } from '../../server/handlers';
import {
  defaultRateLimits,
  MemoryHitStore,
  PostgresHitStore,
  SHARED_FLUSH_MS,
  SharedWindowCounter,
} from '../../server/http/rate-limit';
import { cspFor, googleTagSources } from '../../server/http/security';
import { buildSite, createTestApi, type TestApi } from './support/api';
import { createTestDatabase } from './support/db';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database.close();
});

describe('security headers', () => {
  let api: TestApi;
  let dir: string;
  const tag =
    '<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"></script>\n' +
    "<script>window.dataLayer = window.dataLayer || []; gtag('config', 'G-TEST123');</script>";

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'blockfront-csp-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    api = await createTestApi({ database, staticDir: dir, googleTag: async () => tag });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends helmet headers on API answers', async () => {
    const res = await api.call('health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('gives pages a CSP of this origin plus exactly the google tag', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/shop' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(
      `script-src 'self' https://www.googletagmanager.com/gtag/js?id=G-TEST123 ${sha("window.dataLayer = window.dataLayer || []; gtag('config', 'G-TEST123');")}`,
    );
    expect(csp).not.toContain('unsafe-inline');
  });

  it('allows nothing extra without a google tag', () => {
    expect(googleTagSources(null)).toEqual([]);
    expect(googleTagSources('')).toEqual([]);
    expect(cspFor(null)).toContain("script-src 'self';");
  });

  it('hashes a bare script snippet as one inline script', () => {
    expect(googleTagSources("gtag('js', new Date());")).toEqual([sha("gtag('js', new Date());")]);
    expect(googleTagSources('<script src="javascript:alert(1)"></script>')).toEqual([]);
  });
});

describe('CORS', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ database });
  });
  afterAll(async () => {
    await api.close();
  });

  it('allows PUBLIC_URL and no other origin', async () => {
    const ours = await api.call('health', { headers: { origin: 'http://shop.test' } });
    expect(ours.headers['access-control-allow-origin']).toBe('http://shop.test');
    const theirs = await api.call('health', { headers: { origin: 'http://evil.test' } });
    expect(theirs.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight for PUBLIC_URL with the methods and headers the client needs', async () => {
    const res = await api.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: {
        origin: 'http://shop.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://shop.test');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toBe(
      'authorization, content-type',
    );
    const evil = await api.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits', () => {
  const resetRequested: string[] = [];
  const stubs = {
    ...handlers,
    requestPasswordReset: async (request: { body: unknown; mailBudgetSpent: boolean }) => {
      const { email } = request.body as { email: string };
      resetRequested.push(`${email}:${request.mailBudgetSpent ? 'quiet' : 'send'}`);
      return { status: 'OK', message: 'Password reset link sent. Please check your email.' };
    },
  };

  it('limits every client IP globally with 429 and Retry-After', async () => {
    const api = await createTestApi({ database, rateLimits: { global: { max: 2, windowMs: 60_000 } } });
    try {
      expect((await api.call('health')).status).toBe(200);
      expect((await api.call('health')).status).toBe(200);
      const limited = await api.call('health');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ status: 'ERROR', message: 'Too many requests. Please wait a moment.' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const other = await api.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.9' });
      expect(other.statusCode).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('counts the API however its path is spelled: escaped letters are the same path to the limit as to the router', async () => {
    const api = await createTestApi({ database, rateLimits: { global: { max: 3, windowMs: 60_000 } } });
    const spellings = [
      '/%61pi/products',
      '/%41PI/products',
      '/api/%70roducts',
      '/%2561pi/products',
      '/api%2Fproducts',
      '/%2Fapi/products',
      '//api/products',
      '/API/products',
      '/api/./products',
    ];
    try {
      const served = [];
      for (let round = 0; round < 3; round += 1) {
        for (const url of spellings) {
          const res = await api.app.inject({ method: 'GET', url });
          if (res.statusCode === 200) served.push(url);
        }
      }
      // Every spelling the router serves as the API is counted: three in all, then 429.
      expect(served).toHaveLength(3);
      expect((await api.app.inject({ method: 'GET', url: '/%61pi/products' })).statusCode).toBe(429);
      const signIn = await api.app.inject({
        method: 'POST',
        url: '/%61pi/login',
        payload: { username: 'a@example.com', password: 'Wrong1234' },
      });
      expect(signIn.statusCode).toBe(429);
    } finally {
      await api.close();
    }
  });

  it('counts by the client behind the proxies TRUST_PROXY names, and by the peer without it', async () => {
    const fromProxy = (api: TestApi, client: string) =>
      api.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': client },
      });
    const global = { max: 1, windowMs: 60_000 };
    const behind = await createTestApi({
      database,
      env: { TRUST_PROXY: '10.0.0.0/8' },
      rateLimits: { global },
    });
    const direct = await createTestApi({ database, rateLimits: { global } });
    try {
      expect((await fromProxy(behind, '203.0.113.7')).statusCode).toBe(200);
      expect((await fromProxy(behind, '203.0.113.8')).statusCode).toBe(200);
      expect((await fromProxy(behind, '203.0.113.7')).statusCode).toBe(429);
      expect((await fromProxy(direct, '203.0.113.7')).statusCode).toBe(200);
      expect((await fromProxy(direct, '203.0.113.8')).statusCode).toBe(429);
    } finally {
      await behind.close();
      await direct.close();
    }
  });

  it('limits a sensitive operation per account and address, and reset mails per account quietly', async () => {
    const api = await createTestApi({
      database,
      handlers: stubs,
      rateLimits: { perAccountIp: { max: 2, windowMs: 60_000 }, accountMails: { max: 3, windowMs: 60_000 } },
    });
    try {
      resetRequested.length = 0;
      const ask = (email: string, remoteAddress = '127.0.0.1') =>
        api.call('requestPasswordReset', { body: { email }, remoteAddress });
      expect((await ask('alex@example.com')).status).toBe(200);
      expect((await ask('ALEX@example.com')).status).toBe(200);
      const limited = await ask('alex@example.com');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await ask('sam@example.com')).status).toBe(200);
      // From another address the same account is asked for again; past its mail budget, quietly.
      expect((await ask('alex@example.com', '10.0.0.2')).status).toBe(200);
      expect((await ask('alex@example.com', '10.0.0.3')).status).toBe(200);
      expect(resetRequested).toEqual([
        'alex@example.com:send',
        'ALEX@example.com:send',
        'sam@example.com:send',
        'alex@example.com:send',
        'alex@example.com:quiet',
      ]);
    } finally {
      await api.close();
    }
  });

  it('limits a sensitive operation per IP, whatever the account, in the language asked for', async () => {
    const api = await createTestApi({
      database,
      handlers: stubs,
      rateLimits: { perIp: { max: 2, windowMs: 60_000 } },
    });
    try {
      const ask = (email: string, lang_id?: number) =>
        api.call('requestPasswordReset', { body: { email, ...(lang_id ? { lang_id } : {}) } });
      await ask('a@example.com');
      await ask('b@example.com');
      const limited = await ask('c@example.com', 3);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        status: 'ERROR',
        message: 'Demasiadas solicitudes. Espera un momento.',
      });
      const otherOperation = await api.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'a@example.com', password: 'x' },
      });
      expect(otherOperation.statusCode).not.toBe(429);
    } finally {
      await api.close();
    }
  });

  it('never limits the app: its HTML and static files answer however many a shared address loads', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'blockfront-limits-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Blockfront</title>');
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const api = await createTestApi({ database });
    const site = await buildSite(api, dir, { rateLimits: { global: { max: 3, windowMs: 60_000 } } });
    try {
      for (let load = 0; load < 20; load += 1) {
        for (const url of ['/', '/index.html', '/shop', '/assets/index-abc123.js', '/logo.svg']) {
          const res = await site.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['x-ratelimit-limit'], url).toBeUndefined();
        }
      }
      const api3 = [];
      for (let n = 0; n < 4; n += 1) api3.push(await site.inject({ method: 'GET', url: '/api/health' }));
      expect(api3.map((res) => res.statusCode)).toEqual([200, 200, 200, 429]);
      expect(Number(api3[3]?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(api3[3]?.json()).toEqual({
        status: 'ERROR',
        message: 'Too many requests. Please wait a moment.',
      });
    } finally {
      await site.close();
      await api.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes its limits from RATE_LIMIT_* and sizes the defaults for many customers behind one address', async () => {
    expect(defaultRateLimits.global.max).toBeGreaterThanOrEqual(1000);
    expect(defaultRateLimits.perIp.max).toBeGreaterThanOrEqual(100);
    const api = await createTestApi({
      database,
      env: { RATE_LIMIT_API: '3', RATE_LIMIT_AUTH_PER_IP: '1' },
      hitStore: new MemoryHitStore(),
    });
    try {
      const statuses = [];
      for (let n = 0; n < 4; n += 1) statuses.push((await api.call('health')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const other = '10.9.9.9';
      const reset = () =>
        api.call('requestPasswordReset', { body: { email: 'a@example.com' }, remoteAddress: other });
      expect((await reset()).status).toBe(200);
      expect((await reset()).status).toBe(429);
    } finally {
      await api.close();
    }
  });

  it('counts fixed windows in memory', async () => {
    let now = 1_000;
    const store = new MemoryHitStore(() => now);
    expect(await store.hit('k', 100)).toEqual({ count: 1, resetAt: 1_100 });
    expect(await store.hit('k', 100)).toEqual({ count: 2, resetAt: 1_100 });
    now = 1_100;
    expect(await store.hit('k', 100)).toEqual({ count: 1, resetAt: 1_200 });
  });

  describe('counters in the database', () => {
    let shared: DatabaseHandle;
    beforeAll(async () => {
      shared = await createTestDatabase();
    }, 60_000);
    afterAll(async () => {
      await shared.close();
    });

    it('are shared by every app on the database: the 11th sign-in attempt on either is refused', async () => {
      // hitStore undefined: buildApp's own default, the database.
      const first = await createTestApi({ database: shared, hitStore: undefined });
      const second = await createTestApi({ database: shared, hitStore: undefined });
      try {
        const attempt = (api: TestApi) =>
          api.call('login', { body: { username: 'nobody@example.com', password: 'Wrong1234' } });
        for (let n = 1; n <= 10; n += 1)
          expect((await attempt(n % 2 === 0 ? first : second)).status).toBe(422);
        const limited = await attempt(first);
        expect(limited.status).toBe(429);
        const retryAfter = Number(limited.headers['retry-after']);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(600);
        expect((await attempt(second)).status).toBe(429);
      } finally {
        await first.close();
        await second.close();
      }
    });

    it('count the API per address across every node on the database, each request waiting for none', async () => {
      const global = { max: 6, windowMs: 60_000 };
      const first = await createTestApi({ database: shared, rateLimits: { global }, sharedApiLimit: true });
      const second = await createTestApi({ database: shared, rateLimits: { global }, sharedApiLimit: true });
      const settle = () => new Promise((resolve) => setTimeout(resolve, 4 * SHARED_FLUSH_MS));
      try {
        const health = (api: TestApi) => api.call('health', { remoteAddress: '198.51.100.99' });
        const statuses = [];
        for (let round = 0; round < 6; round += 1) {
          statuses.push((await health(first)).status, (await health(second)).status);
          await settle();
        }
        // Six in all, whichever node they reached, and one more at most: a node learns the other's
        // latest hits at its own next flush. Each node counting alone would have served twelve.
        const served = statuses.filter((status) => status === 200).length;
        expect(served).toBeGreaterThanOrEqual(global.max);
        expect(served).toBeLessThanOrEqual(global.max + 1);
        expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
        const other = await first.app.inject({
          method: 'GET',
          url: '/api/health',
          remoteAddress: '10.0.0.99',
        });
        expect(other.statusCode).toBe(200);
      } finally {
        await first.close();
        await second.close();
      }
    });

    it('gather a node’s API hits and add them in one statement, learning the other nodes’ counts', async () => {
      const a = new SharedWindowCounter(shared.db, 60_000, { flushMs: 60_000 });
      const b = new SharedWindowCounter(shared.db, 60_000, { flushMs: 60_000 });
      try {
        for (let n = 1; n <= 3; n += 1) expect(a.hit('api:gather').count).toBe(n);
        expect(b.hit('api:gather').count).toBe(1);
        await a.flush();
        await b.flush();
        // b learnt a's three; a learns b's one at its next flush.
        expect(b.hit('api:gather').count).toBe(5);
        expect(a.hit('api:gather').count).toBe(4);
        await a.flush();
        expect(a.hit('api:gather').count).toBe(6);
      } finally {
        await a.close();
        await b.close();
      }
    });

    it('count each hit once under concurrency and start a new window once one ends', async () => {
      const store = new PostgresHitStore(shared.db);
      const counts = await Promise.all(Array.from({ length: 20 }, () => store.hit('burst', 60_000)));
      expect(counts.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(new Set(counts.map((hit) => hit.resetAt)).size).toBe(1);

      const first = await store.hit('short', 50);
      expect((await store.hit('short', 50)).count).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 80));
      const again = await store.hit('short', 50);
      expect(again.count).toBe(1);
      expect(again.resetAt).toBeGreaterThan(first.resetAt);
    });

    it('delete ended windows from time to time', async () => {
      let now = Date.now();
      const store = new PostgresHitStore(shared.db, () => now);
      await store.hit('ended', 1);
      await new Promise((resolve) => setTimeout(resolve, 10));
      const keys = async () =>
        (await shared.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key);
      expect(await keys()).toContain('ended');
      now += 10 * 60_000;
      await store.hit('fresh', 60_000);
      expect(await keys()).not.toContain('ended');
      expect(await keys()).toContain('fresh');
    });
  });
});
