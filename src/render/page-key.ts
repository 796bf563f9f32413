import {
  type AnyRouter,
  createMemoryHistory,
  createRouter,
  defaultParseSearch,
  defaultStringifySearch,
} from '@tanstack/react-router';
import { routeTree } from '../routes/router';

let router: AnyRouter | undefined;

/**
 * The page a URL shows, as the app's routes read it: its path and the search values its routes
 * validate (unknown keys and unusable values dropped, keys in order). `/shop?x=1` and `/shop` are
 * one page, as are `/shop?page=2&x=3` and `/shop?page=2`. The server renders this URL and reuses
 * the render for every URL with the same key (server/render/render-cache.ts), so a query string
 * made up per request cannot force a render per request.
 */
export function pageKey(url: string): string {
  // Only matches routes and validates queries: no loader runs, so no context is needed.
  router ??= createRouter({ routeTree, history: createMemoryHistory(), context: {} as never });
  const parsed = new URL(url, 'http://page.invalid');
  const [routes] = router.getMatchedRoutes(parsed.pathname);
  const raw = defaultParseSearch(parsed.search);
  const validated: Record<string, unknown> = {};
  for (const route of routes) {
    const validate: unknown = route.options.validateSearch;
    if (typeof validate === 'function') Object.assign(validated, validate({ ...validated, ...raw }));
  }
  const kept = Object.entries(validated)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${parsed.pathname}${defaultStringifySearch(Object.fromEntries(kept))}`;
}
