import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newCspNonce, withCspNonce } from './page-nonce';

const LONG_CACHE = 'public, max-age=31536000, immutable';

/** Files the build stores beside a `.br` and a `.gz` copy (scripts/compress-assets.ts). */
export const COMPRESSIBLE_FILE = /\.(?:js|css|svg|html|json|ico)$/;

/** True for paths the SPA may own: not the API, not a hashed asset, no file extension. */
export function isAppRoute(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
}

/** Whether the answer to `url` may come from a compressed copy (app routes answer with index.html). */
function servesCompressibleFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return isAppRoute(url) || COMPRESSIBLE_FILE.test(pathname);
}

function withVary(current: unknown, field: string): string {
  const fields = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return fields.some((value) => value.toLowerCase() === field.toLowerCase() || value === '*')
    ? fields.join(', ')
    : [...fields, field].join(', ');
}

/** Whether `root` holds a built storefront to serve. */
export function servesApp(root: string | null): root is string {
  return root !== null && existsSync(path.join(root, 'index.html'));
}

/**
 * Serves the built storefront: hashed files under /assets/ cached for a year, everything else
 * (index.html, images) revalidated on each use. Text files go out as the build's brotli or gzip
 * copy when the browser accepts one. Returns the SPA fallback for the not-found handler, or
 * undefined when there is no build (development, where Vite serves the app).
 */
export async function registerStaticApp(
  app: FastifyInstance,
  root: string | null,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined> {
  if (!servesApp(root)) return undefined;
  const page = readFileSync(path.join(root, 'index.html'), 'utf8');
  // The app page is rendered per answer with its own CSP nonce (page-nonce.ts), so it never
  // comes from the files (nor from their precompressed copies) and carries no validator.
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = newCspNonce();
    request.cspNonce = nonce;
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withCspNonce(page, nonce));
  };
  app.get('/', sendPage);
  app.get('/index.html', sendPage);
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, file) => {
      res.setHeader(
        'cache-control',
        path.relative(root, file).startsWith(`assets${path.sep}`) ? LONG_CACHE : 'no-cache',
      );
    },
  });
  // On the reply, not in setHeaders: CORS sets `vary: Origin` there, which would replace a raw header.
  app.addHook('onSend', async (request, reply) => {
    if (servesCompressibleFile(request.url))
      reply.header('vary', withVary(reply.getHeader('vary'), 'accept-encoding'));
  });
  return sendPage;
}
