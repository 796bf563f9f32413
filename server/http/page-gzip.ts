import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A gzip member's header: deflate, no name or time, unknown OS (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** An app page compressed once, whatever is put in at one place for each answer. */
export interface GzippedPage {
  /** The gzip of the page with `insert` put in at its place. */
  with(insert: string): Buffer;
}

/**
 * Compressing the app page for every answer cost more than everything else of serving a kept
 * render (docs/benchmarks.md): only its CSP nonce differs per answer. The page after `at` is
 * deflated once; each answer deflates what comes before it with the insert, flushed to a byte
 * boundary without ending the stream, and the kept part follows. A decoder reads one deflate
 * stream: the kept part refers only to its own text, which stands at the same distances.
 */
export function gzippedPage(html: string, at: number): GzippedPage {
  const before = html.slice(0, at);
  const after = html.slice(at);
  const afterBytes = Buffer.byteLength(after);
  const afterDeflated = deflateRawSync(after);
  return {
    with(insert) {
      const start = Buffer.from(before + insert);
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc32(after, crc32(start)) >>> 0, 0);
      trailer.writeUInt32LE((start.length + afterBytes) % 2 ** 32, 4);
      return Buffer.concat([
        GZIP_HEADER,
        deflateRawSync(start, { finishFlush: constants.Z_SYNC_FLUSH }),
        afterDeflated,
        trailer,
      ]);
    },
  };
}

/** Whether an Accept-Encoding header accepts gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  const weights = new Map(
    header.split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const weight = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*');
  return weight !== undefined && weight > 0;
}

/**
 * `gzippedPage` of each page as it is served, kept for the `size` pages used last: a kept render
 * (server/render/render-cache.ts) is one page for all its answers.
 */
export function gzippedPages(place: (html: string) => number, size: number): (html: string) => GzippedPage {
  const kept = new Map<string, GzippedPage>();
  return (html) => {
    let page = kept.get(html);
    if (page === undefined) {
      page = gzippedPage(html, place(html));
      if (kept.size >= size) kept.delete(kept.keys().next().value as string);
    } else kept.delete(html);
    kept.set(html, page);
    return page;
  };
}
