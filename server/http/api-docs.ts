import { readFileSync } from 'node:fs';
import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of /api/docs: Swagger UI's scripts and styles come from this server
 * (@fastify/swagger-ui serves them from the package). Swagger UI inserts a <style> element of its
 * own, so styles also allow 'unsafe-inline', on these pages only (tests/e2e/api-docs.e2e.ts
 * records no violation). "Try it out" calls this origin ('self').
 */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface ApiDocsOptions {
  /** openapi.yaml, parsed. */
  document: object;
  /** Path of openapi.yaml, served as written at /api/openapi.yaml. */
  specFile: string;
}

/**
 * The API reference for developers who build on the contract: openapi.yaml rendered by Swagger UI
 * at /api/docs (with "Try it out" against this server) and the raw contract at /api/openapi.yaml.
 * Registered before the storefront's static files, in a scope of its own.
 */
export async function registerApiDocs(app: FastifyInstance, options: ApiDocsOptions): Promise<void> {
  const yaml = readFileSync(options.specFile, 'utf8');
  await app.register(async (docs) => {
    await docs.register(swagger, {
      mode: 'static',
      // An OpenAPI 3.1 document; @fastify/swagger's types only name 2.0 and 3.0 for static ones.
      specification: { document: options.document as StaticDocumentSpec['document'] },
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: API_DOCS_CSP,
      // No badge from validator.swagger.io: nothing leaves this server.
      validatorUrl: false,
      uiConfig: { deepLinking: true, displayRequestDuration: true, tryItOutEnabled: true },
    });
    docs.get('/api/openapi.yaml', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/yaml; charset=utf-8').send(yaml),
    );
  });
}
