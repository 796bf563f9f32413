import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const LONG_CACHE = 'public, max-age=31536000, immutable';

/** True for paths the SPA may own: not the API, not a hashed asset, no file extension. */
export function isAppRoute(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
}

/**
 * Serves the built storefront: hashed files under /assets/ cached for a year, everything else
 * (index.html, images) revalidated on each use. Returns the SPA fallback for the not-found
 * handler, or undefined when there is no build (development, where Vite serves the app).
 */
export async function registerStaticApp(
  app: FastifyInstance,
  root: string | null,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined> {
  if (root === null || !existsSync(path.join(root, 'index.html'))) return undefined;
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader(
        'cache-control',
        path.relative(root, file).startsWith(`assets${path.sep}`) ? LONG_CACHE : 'no-cache',
      );
    },
  });
  return (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
}
