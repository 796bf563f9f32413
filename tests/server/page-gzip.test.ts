import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzippedPage, gzippedPages } from '../../server/http/page-gzip';
import { nonceMeta, nonceMetaPlace, withCspNonce } from '../../server/http/page-nonce';

const html = `<!doctype html><html lang="de"><head><title>Blockfront</title></head><body>${'<p>Grüße aus der Würfelwelt — 🧱</p>'.repeat(2000)}</body></html>`;

describe('the app page compressed once, with a nonce per answer', () => {
  it('inflates to the page with the nonce, however often it is answered', () => {
    const page = gzippedPage(html, nonceMetaPlace(html));
    for (const nonce of ['abc+/=', 'Zm9vYmFyYmF6cXV4MTIzNA==']) {
      expect(gunzipSync(page.with(nonceMeta(nonce))).toString('utf8')).toBe(withCspNonce(html, nonce));
    }
  });

  it('is as small as compressing the whole page each time', () => {
    const bytes = gzippedPage(html, nonceMetaPlace(html)).with(nonceMeta('n')).length;
    expect(bytes).toBeLessThan(Buffer.byteLength(html) / 20);
  });

  it('keeps the pages used last and compresses a page again only when it was dropped', () => {
    const places: string[] = [];
    const pages = gzippedPages((page) => {
      places.push(page);
      return 0;
    }, 2);
    const [a, b, c] = ['<p>a</p>', '<p>b</p>', '<p>c</p>'];
    expect(pages(a)).toBe(pages(a));
    pages(b);
    pages(a);
    pages(c);
    pages(a);
    pages(b);
    expect(places).toEqual([a, b, c, b]);
  });
});

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['*', true],
    ['x-gzip', true],
    ['br', false],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['identity', false],
    [undefined, false],
  ])('%s → %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
});
