import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers of 1 KB and more leave compressed when the client accepts it (brotli, else gzip):
 * the start-up's countries and translations shrink from ~10 KB each to ~2–3 KB. Brotli runs at
 * quality 4, cheap enough for every request. The built app's files are compressed ahead of time
 * (static-app.ts) and already carry their content-encoding, so they pass through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
