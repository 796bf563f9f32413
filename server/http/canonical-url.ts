import type { RawRequestDefaultExpression } from 'fastify';

const ESCAPED_UNRESERVED = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

/**
 * The request target with the percent-escapes of unreserved characters (letters, digits, `-._~`)
 * in its path decoded: RFC 3986 §6.2.2.2 makes `/%61pi/products` the same resource as
 * `/api/products`, and the router decodes them before it matches a route. Done before routing
 * (Fastify's `rewriteUrl`), so `request.url` names the path the router matches, and whatever
 * reads it (the API rate limit above all) sees the same path as the router. Reserved characters'
 * escapes (`%2F`, `%3F`) stay as they are: decoding them would change the path's structure.
 */
export function canonicalUrl(url: string): string {
  if (!url.includes('%')) return url;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const canonical = path.replace(ESCAPED_UNRESERVED, (_escape, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return query === -1 ? canonical : canonical + url.slice(query);
}

export function rewriteToCanonicalUrl(request: RawRequestDefaultExpression): string {
  return canonicalUrl(request.url ?? '/');
}
