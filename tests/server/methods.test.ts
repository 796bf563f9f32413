import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../../server/app';
import { languages } from '../../server/db/schema';
import { buildSite, createTestApi, type TestApi, tempDist } from './support/api';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

let api: TestApi;
let dist: ReturnType<typeof tempDist>;
let site: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  api = await createTestApi();
  dist = tempDist('methods', { 'index.html': '<!doctype html><title>Blockfront</title>' });
  site = await buildSite(api, dist.dir);
}, 60_000);
afterAll(async () => {
  await site?.close();
  await api?.close();
  dist?.remove();
});

const send = (method: Method, url: string, headers: Record<string, string> = {}) =>
  api.app.inject({ method, url, headers });

describe('a method the path does not take', () => {
  it('answers 405 with Allow and the JSON envelope', async () => {
    const cases: Array<[Method, string, string]> = [
      ['DELETE', '/api/settings', 'GET, HEAD, OPTIONS'],
      ['GET', '/api/login', 'POST, OPTIONS'],
      ['PATCH', '/api/user/profile', 'GET, HEAD, PUT, OPTIONS'],
      ['PUT', '/api/sandbox/pay/pay_AbCdEfGh12345678', 'GET, HEAD, POST, OPTIONS'],
      ['DELETE', '/api/payments/pay_AbCdEfGh12345678?lang_id=1', 'GET, HEAD, OPTIONS'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await send(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({
        status: 'ERROR',
        message: `This address does not take ${method}; it takes ${allow}`,
      });
    }
  });

  it('answers 405 to a method Fastify refuses before routing (QUERY without a body)', async () => {
    const res = await api.app.inject({ method: 'QUERY' as 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(res.json()).toMatchObject({ status: 'ERROR' });
  });

  it('answers in the language of lang_id', async () => {
    const [de] = await api.database.db.select().from(languages).where(eq(languages.code, 'de'));
    const res = await send('DELETE', `/api/settings?lang_id=${de?.id}`);
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({
      status: 'ERROR',
      message: 'Diese Adresse nimmt kein DELETE an, sondern GET, HEAD, OPTIONS',
    });
  });

  it('still answers 404 for a path nothing answers', async () => {
    const res = await send('DELETE', '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'ERROR', message: 'Not found.' });
  });

  it('answers 405 on a storefront route when the app is served', async () => {
    const res = await site.inject({ method: 'POST', url: '/shop' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect((await site.inject({ method: 'GET', url: '/shop' })).statusCode).toBe(200);
  });
});

describe('OPTIONS', () => {
  it('without Origin answers the methods in the envelope', async () => {
    const res = await send('OPTIONS', '/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ status: 'OK', message: 'This address takes GET, HEAD, OPTIONS' });
    const partial = await send('OPTIONS', '/api/login', { origin: 'http://shop.test' });
    expect(partial.statusCode).toBe(200);
    expect(partial.headers.allow).toBe('POST, OPTIONS');
    const unknown = await send('OPTIONS', '/api/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'ERROR', message: 'Not found.' });
  });

  it('keeps answering CORS preflights for the storefront origin', async () => {
    const res = await send('OPTIONS', '/api/login', {
      origin: 'http://shop.test',
      'access-control-request-method': 'POST',
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://shop.test');
  });
});

describe('URLs the router cannot take', () => {
  it('answer 400 in the envelope', async () => {
    const bad = await send('GET', '/api/static-pages/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 'ERROR', message: 'The address of the request is not valid' });
    const long = await send('GET', `/api/static-pages/${'x'.repeat(300)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      status: 'ERROR',
      message: 'A part of the address of the request is too long',
    });
  });
});
