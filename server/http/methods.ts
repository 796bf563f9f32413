import type { OperationInfo } from './openapi';
import { isAppRoute } from './static-app';

/** What every path that answers GET also answers (Fastify adds HEAD; OPTIONS is answered before routing). */
const WITH_GET = ['HEAD'];
const ALWAYS = ['OPTIONS'];
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
}

/** `/api/payments/{id}` as a pattern of one segment per parameter. */
function pathPattern(prefix: string, template: string): RegExp {
  const parts = `${prefix}${template}`.split(/\{\w+\}/).map(escapeRegExp);
  return new RegExp(`^${parts.join('[^/]+')}/?$`);
}

function withImplied(methods: string[]): string[] {
  const all = new Set(methods);
  if (all.has('GET')) for (const method of WITH_GET) all.add(method);
  for (const method of ALWAYS) all.add(method);
  return ORDER.filter((method) => all.has(method));
}

/**
 * The methods each path takes: the contract's operations under `/api`, and GET (index.html) on
 * the storefront's routes and its files (`servesFile`) when the app is served. Undefined for a
 * path nothing answers (404).
 */
export function allowedMethods(
  operations: OperationInfo[],
  prefix: string,
  servesApp: boolean,
  servesFile: (pathname: string) => boolean = () => false,
): (url: string) => string[] | undefined {
  const byPattern = new Map<string, { pattern: RegExp; methods: string[] }>();
  for (const op of operations) {
    const entry = byPattern.get(op.path) ?? { pattern: pathPattern(prefix, op.path), methods: [] };
    entry.methods.push(op.method);
    byPattern.set(op.path, entry);
  }
  const routes = [...byPattern.values()].map(({ pattern, methods }) => ({
    pattern,
    methods: withImplied(methods),
  }));
  return (url) => {
    const pathname = url.split('?')[0] ?? '/';
    const methods = routes.filter(({ pattern }) => pattern.test(pathname)).flatMap((route) => route.methods);
    if (methods.length > 0) return ORDER.filter((method) => methods.includes(method));
    return servesApp && (isAppRoute(pathname) || servesFile(pathname)) ? withImplied(['GET']) : undefined;
  };
}
