import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { languages } from '../../server/db/schema';
import { handlers, missingHandlers } from '../../server/handlers';
import { contractOperationIds } from '../../server/http/openapi';
import { schemaValidator } from '../support/openapi';
import { buildSite, createTestApi, type TestApi, tempDist } from './support/api';
import { createTestDatabase } from './support/db';

const isApiError = schemaValidator('ApiError');

/** The suite runs on PGlite, and again on PostgreSQL when DATABASE_URL is set. */
const expectedDriver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(async () => {
  await api.close();
});

describe('routes from openapi.yaml', () => {
  it('answers health on the contract', async () => {
    const res = await api.call('health', { query: { lang_id: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK', database: 'up', driver: expectedDriver });
  });

  it('has a handler for every operation, and an operation for every handler', () => {
    expect(Object.keys(handlers).sort()).toEqual(contractOperationIds().sort());
    expect(missingHandlers()).toEqual([]);
  });

  it('refuses to build when an operation has no handler', async () => {
    const { getSettings: _dropped, ...incomplete } = handlers;
    const options = { config: api.config, database: api.database, staticDir: null };
    await expect(buildApp({ ...options, handlers: incomplete })).rejects.toThrow(
      /without a handler: getSettings/,
    );
  });

  it('refuses a handler that answers no operation', async () => {
    const stray = { ...handlers, getSetings: async () => ({}) };
    await expect(buildApp({ config: api.config, database: api.database, handlers: stray })).rejects.toThrow(
      /without an operation in openapi.yaml: getSetings/,
    );
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/login/extra'],
      ['DELETE', '/api/nope'],
      ['GET', '/api'],
    ] as const) {
      const res = await api.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ status: 'ERROR', message: 'Not found.' });
    }
  });

  it('answers the 404 in the language asked for', async () => {
    const rows = await api.database.db.select().from(languages);
    const byCode = new Map(rows.map((row) => [row.code, row.id]));
    const de = await api.app.inject({ method: 'GET', url: `/api/nope?lang_id=${byCode.get('de')}` });
    expect(de.json()).toEqual({ status: 'ERROR', message: 'Nicht gefunden.' });
    const es = await api.app.inject({ method: 'GET', url: `/api/nope?lang_id=${byCode.get('es')}` });
    expect(es.json()).toEqual({ status: 'ERROR', message: 'No encontrado.' });
  });

  it('never shows a stack trace or SQL in a 500', async () => {
    const failing = await createTestApi({
      database: api.database,
      handlers: {
        ...handlers,
        health: async (request) => {
          await request.server.ctx.db.execute(sql`select secret_column from no_such_table`);
          return {};
        },
      },
    });
    try {
      const res = await failing.call('health');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ status: 'ERROR', message: 'Server error. Please try again later.' });
      expect(res.text).not.toMatch(/no_such_table|secret_column|\bat \w|\.ts:\d/);
    } finally {
      await failing.close();
    }
  });

  it('answers health 503 when the database is gone', async () => {
    const database = await createTestDatabase();
    const gone = await createTestApi({ database });
    try {
      await database.close();
      const res = await gone.call('health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'ERROR', message: 'Database unavailable' });
    } finally {
      await gone.close();
    }
  }, 30_000);
});

describe('the built storefront', () => {
  let dist: ReturnType<typeof tempDist>;
  let site: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dist = tempDist('dist', {
      'index.html': '<!doctype html><title>Blockfront</title><div id="root"></div>',
      'assets/index-abc123.js': 'console.log(1)',
      'images/hero.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    site = await buildSite(api, dist.dir);
  });
  afterAll(async () => {
    await site.close();
    dist.remove();
  });

  it('serves index.html at / without caching', async () => {
    const res = await site.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('answers every app route with index.html (SPA fallback)', async () => {
    for (const url of [
      '/shop',
      '/account/profile',
      '/reset-password-confirm?token=x&email=a%40b.c',
      '/cookie-policy',
    ]) {
      const res = await site.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and serves images', async () => {
    const asset = await site.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await site.inject({ method: 'GET', url: '/images/hero.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('does not answer missing files or API paths with the app', async () => {
    for (const url of ['/assets/gone-123.js', '/images/missing.png', '/api/nope']) {
      const res = await site.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(isApiError(res.json()), url).toBe(true);
    }
    const post = await site.inject({ method: 'POST', url: '/shop' });
    expect(post.statusCode).toBe(405);
    expect(isApiError(post.json())).toBe(true);
  });

  it('still serves the API', async () => {
    const res = await site.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'OK', database: 'up', driver: expectedDriver });
  });
});
