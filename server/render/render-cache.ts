import type { RenderEntry, RenderResult } from './app-page';

/** How long a rendered first screen is reused: as long as the settings and languages it shows are cached (5 s). */
export const RENDER_TTL_MS = 5_000;
/**
 * How long past its ttl a kept render is still served, at once, while one fresh render of the page
 * replaces it: visitors of a page never wait for a render once it has been rendered, however many
 * pages are open. A first screen may show data this much older than the ttl allows (a price an
 * operator just changed); what is charged is always read at checkout.
 */
export const RENDER_STALE_MS = 10_000;
/** Distinct pages kept at most (a path makes a page distinct, so the count must be bounded). */
export const RENDER_CACHE_ENTRIES = 256;
/** Renders run at once at most: each holds the event loop 13–20 ms, so more only add latency. */
export const RENDER_CONCURRENCY = 2;
/** Renders waiting for their turn at most; past that a page goes out unrendered (it works as well). */
export const RENDER_QUEUE = 8;

/** The answer when every render slot and queue place is taken: the app page goes out as it is built. */
const BUSY: RenderResult = { kind: 'none', reason: 'busy: every render slot and queue place is taken' };

/**
 * The render entry with each result reused for RENDER_TTL_MS per page and visitor's choices (the
 * render's only inputs besides the database, each with few values: app-page.ts `PageChoices`): a render costs 13–20 ms of the event loop, so under
 * load every visitor of a page would otherwise wait for the renders of those ahead (measured with
 * 10 connections: 50–75 pages/s, p50 120–180 ms; docs/decisions/0023). Requests for a page that
 * is being rendered share that render. A render that fails is not kept.
 *
 * The page is what the entry's `pageKey` makes of the URL (its path and the search values its
 * routes read): that URL is rendered, and every URL with the same key shares the render, so a
 * query string made up per request (`/shop?x=<n>`) costs no render of its own. What still needs
 * one (a path or a search value not seen within ttl and stale time) runs at most RENDER_CONCURRENCY at a
 * time with RENDER_QUEUE waiting; past that the page goes out unrendered at once (docs/architecture.md §3:
 * the app's HTML is never refused), and nothing is queued without bound.
 */
export function cachedRenderEntry(
  entry: RenderEntry,
  {
    ttlMs = RENDER_TTL_MS,
    staleMs = RENDER_STALE_MS,
    maxEntries = RENDER_CACHE_ENTRIES,
    concurrency = RENDER_CONCURRENCY,
    queue = RENDER_QUEUE,
    now = Date.now,
    generation = () => 0,
  }: {
    ttlMs?: number;
    staleMs?: number;
    maxEntries?: number;
    concurrency?: number;
    queue?: number;
    now?: () => number;
    /**
     * Moves on when this node changes what pages show (an operator's catalogue save): a page
     * rendered before is rendered again at once, never served stale (server/catalogue/catalogue-changes.ts).
     */
    generation?: () => number;
  } = {},
): RenderEntry {
  interface Kept {
    at: number;
    generation: number;
    result: Promise<RenderResult>;
    settled: boolean;
    refreshing: boolean;
  }
  const cache = new Map<string, Kept>();
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next !== undefined) {
      running += 1;
      next();
    }
  };
  const turn = () => {
    if (running >= concurrency) return new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    return Promise.resolve();
  };
  const start = (request: Parameters<RenderEntry['render']>[0]) =>
    turn().then(async () => {
      try {
        return await entry.render(request);
      } finally {
        release();
      }
    });
  const keep = (key: string, result: Promise<RenderResult>, renderedAt: number) => {
    const kept: Kept = { at: now(), generation: renderedAt, result, settled: false, refreshing: false };
    cache.delete(key);
    cache.set(key, kept);
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    result.then(
      () => {
        kept.settled = true;
      },
      () => {
        if (cache.get(key) === kept) cache.delete(key);
      },
    );
  };

  return {
    pageKey: (url) => entry.pageKey?.(url) ?? url,
    render(request) {
      const url = entry.pageKey?.(request.url) ?? request.url;
      const key = [request.cookieConsent, request.languageId, request.currencyCode, url].join('\u0000');
      const current = generation();
      const found = cache.get(key);
      const kept = found?.generation === current ? found : undefined;
      const age = kept === undefined ? Number.POSITIVE_INFINITY : now() - kept.at;
      if (kept !== undefined && age < ttlMs) return kept.result;
      if (kept?.settled && age < ttlMs + staleMs) {
        // Served as it is; the fresh render replaces it only once it has succeeded.
        if (!kept.refreshing && running < concurrency) {
          kept.refreshing = true;
          const fresh = start({ ...request, url });
          fresh.then(
            () => {
              if (cache.get(key) === kept) keep(key, fresh, current);
            },
            () => {
              kept.refreshing = false;
            },
          );
        }
        return kept.result;
      }
      if (running >= concurrency && waiting.length >= queue) return Promise.resolve(BUSY);
      const result = start({ ...request, url });
      keep(key, result, current);
      return result;
    },
  };
}
