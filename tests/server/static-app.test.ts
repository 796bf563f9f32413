import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../scripts/compress-assets';
import type { buildApp } from '../../server/app';
import { buildSite, createTestApi, type TestApi, tempDist } from './support/api';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
// Over 1 KB, as the real index.html: the app page is compressed as it is sent.
const PAGE = `<!doctype html><html><head><title>Blockfront</title><!-- ${'padding '.repeat(150)}--></head><body><div id="root"></div></body></html>`;

let api: TestApi;
let dist: ReturnType<typeof tempDist>;
let dir: string;
let site: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  api = await createTestApi();
  dist = tempDist('compressed', {
    'index.html': PAGE,
    'assets/index-abc123.js': SCRIPT,
    'images/hero.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    'assets/space-grotesk-latin-700-normal-Bk3xd9.woff2': 'wOF2',
    'favicon.ico': Buffer.from([0, 0, 1, 0]),
    '.vite/manifest.json': '{}',
  });
  dir = dist.dir;
  await compressAssets(dir);
  site = await buildSite(api, dir);
}, 60_000);
afterAll(async () => {
  await site?.close();
  await api?.close();
  dist?.remove();
});

const get = (url: string, acceptEncoding?: string) =>
  site.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the build step (scripts/compress-assets.ts)', () => {
  it('writes a brotli and a gzip copy of text files only, not of dot folders', () => {
    const script = path.join(dir, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${script}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(`${script}.gz`)).toString()).toBe(SCRIPT);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'images', 'hero.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, '.vite', 'manifest.json.br'))).toBe(false);
  });
});

describe('cache headers', () => {
  const YEAR = 'public, max-age=31536000, immutable';
  it.each([
    ['a hashed script', '/assets/index-abc123.js', YEAR],
    ['a hashed font', '/assets/space-grotesk-latin-700-normal-Bk3xd9.woff2', YEAR],
    ['an image at a fixed name', '/images/hero.png', 'public, max-age=3600'],
    ['the favicon', '/favicon.ico', 'public, max-age=3600'],
    ['the app page', '/', 'no-cache'],
    ['the app page at a route', '/shop', 'no-cache'],
  ])('%s: %s is %s', async (_, url, cacheControl) => {
    const res = await get(url, 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(cacheControl);
  });

  it('gives a file at a fixed name a validator, so after its hour it is revalidated, not fetched again', async () => {
    const first = await get('/images/hero.png');
    expect(first.headers.etag).toBeDefined();
    const again = await site.inject({
      method: 'GET',
      url: '/images/hero.png',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('compressed answers', () => {
  it('sends the brotli copy of an asset to a browser that accepts br, still cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that accepts only gzip', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a request without Accept-Encoding, with the same Vary', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it('keeps the CORS Vary next to its own', async () => {
    const res = await get('/assets/index-abc123.js', 'br');
    const vary = String(res.headers.vary).toLowerCase().split(/,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });

  it('compresses index.html at every app route, revalidated on each use and under the CSP', async () => {
    for (const url of ['/', '/index.html', '/shop', '/login?redirect=%2Fcart']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'/.exec(
        String(res.headers['content-security-policy']),
      )?.[1];
      expect(nonce, url).toBeDefined();
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(
        PAGE.replace('<head>', `<head><meta name="csp-nonce" nonce="${nonce}">`),
      );
    }
  });

  it('sends the app page to a browser that takes gzip as gzip, compressed once and with a nonce per answer', async () => {
    const nonces = new Set<string>();
    for (const url of ['/shop', '/shop', '/login']) {
      const res = await get(url, 'gzip, deflate, br, zstd');
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'/.exec(
        String(res.headers['content-security-policy']),
      )?.[1];
      expect(gunzipSync(res.rawPayload).toString(), url).toBe(
        PAGE.replace('<head>', `<head><meta name="csp-nonce" nonce="${nonce}">`),
      );
      nonces.add(nonce ?? '');
    }
    expect(nonces.size).toBe(3);
  });

  it('never serves a compressed copy by its own name: 404, not application/octet-stream', async () => {
    for (const url of ['/index.html.br', '/index.html.gz', '/assets/index-abc123.js.br', '/favicon.ico.gz']) {
      for (const encoding of [undefined, 'br, gzip']) {
        const res = await get(url, encoding);
        expect(res.statusCode, `${url} ${encoding}`).toBe(404);
        expect(res.headers['content-type'], url).not.toMatch(/octet-stream/);
      }
    }
    // Asked for by the file's name, the copy still goes out to a browser that takes it.
    const script = await get('/assets/index-abc123.js', 'br');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
  });

  it('answers POST to one of its files with 405 and Allow; an unknown file stays 404', async () => {
    const res = await site.inject({ method: 'POST', url: '/favicon.ico' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect((await site.inject({ method: 'POST', url: '/assets/index-abc123.js' })).statusCode).toBe(405);
    expect((await site.inject({ method: 'POST', url: '/nothing.ico' })).statusCode).toBe(404);
    expect((await site.inject({ method: 'POST', url: '/index.html.br' })).statusCode).toBe(404);
    expect((await site.inject({ method: 'POST', url: '/..%2Fetc%2Fpasswd.ico' })).statusCode).toBe(404);
  });

  it('gives each answer of the app page a nonce of its own', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const res = await get('/shop');
      nonces.add(/nonce="([^"]+)"/.exec(res.body)?.[1] ?? '');
    }
    expect(nonces.size).toBe(5);
    expect(nonces.has('')).toBe(false);
  });

  it('serves images as they are', async () => {
    const image = await get('/images/hero.png', 'br');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
  });

  it('sends API answers under 1 KB as they are', async () => {
    const health = await get('/api/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'OK' });
  });

  it('compresses larger API answers for a client that accepts it, and only then', async () => {
    const plain = await get('/api/countries');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const countries = plain.json();

    const br = await get('/api/countries', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(countries);

    const gzip = await get('/api/countries', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(countries);
  });

  it('does not serve the compressed copies of a missing file', async () => {
    const res = await get('/assets/gone-123.js', 'br');
    expect(res.statusCode).toBe(404);
  });
});
