import type { RenderEntry, RenderResult } from './app-page';

/** How long a rendered first screen is reused: the settings and languages it shows are cached as long. */
export const RENDER_TTL_MS = 2_000;
/** Distinct pages kept at most (a query string makes a page distinct, so the count must be bounded). */
export const RENDER_CACHE_ENTRIES = 256;

/**
 * The render entry with each result reused for RENDER_TTL_MS per page and consent cookie (the
 * render's only inputs besides the database): a render costs 13–20 ms of the event loop, so under
 * load every visitor of a page would otherwise wait for the renders of those ahead (measured with
 * 10 connections: 50–75 pages/s, p50 120–180 ms; docs/decisions/0023). Requests for a page that
 * is being rendered share that render. A render that fails is not kept.
 */
export function cachedRenderEntry(
  entry: RenderEntry,
  { ttlMs = RENDER_TTL_MS, maxEntries = RENDER_CACHE_ENTRIES, now = Date.now } = {},
): RenderEntry {
  const cache = new Map<string, { at: number; result: Promise<RenderResult> }>();
  return {
    render(request) {
      const key = `${request.cookieConsent ?? ''}\u0000${request.url}`;
      const kept = cache.get(key);
      if (kept && now() - kept.at < ttlMs) return kept.result;
      const result = entry.render(request);
      cache.delete(key);
      cache.set(key, { at: now(), result });
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      result.catch(() => {
        if (cache.get(key)?.result === result) cache.delete(key);
      });
      return result;
    },
  };
}
