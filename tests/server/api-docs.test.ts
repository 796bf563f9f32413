/**
 * The API reference (docs/decisions/0011): /api/docs serves Swagger UI from the package under a CSP of its
 * own that allows nothing from elsewhere, and /api/openapi.yaml is the contract as written.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../support/openapi';
import { createTestApi, type TestApi } from './support/api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('the API reference', () => {
  it('serves openapi.yaml as written at /api/openapi.yaml', async () => {
    const answer = await api.app.inject({ method: 'GET', url: '/api/openapi.yaml' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/yaml/);
    expect(answer.body).toBe(readFileSync('openapi.yaml', 'utf8'));
  });

  it('renders Swagger UI at /api/docs with its assets from this server and a CSP of its own', async () => {
    const page = await api.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url ?? '');
    expect(assets.length).toBeGreaterThan(2);
    for (const url of assets) expect(url, url).not.toMatch(/^(https?:)?\/\//);
    const bundle = await api.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const init = await api.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain('validatorUrl: null');
  });

  it('gives Swagger UI the contract as JSON, every operation included', async () => {
    const answer = await api.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    const document = answer.json() as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids.sort()).toEqual(operations.map((op) => op.operationId).sort());
  });
});
