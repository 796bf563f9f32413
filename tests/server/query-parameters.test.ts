import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generateSync } from 'json-schema-faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { hashToken } from '../../server/auth/tokens';
import { gameServers } from '../../server/db/schema';
import { listOperations, loadContract } from '../../server/http/openapi';
import { openapi, operations, validatorFor } from '../support/openapi';
import { languageId, mailsTo, roomyLimits, signUp, verificationTokenIn } from './support/accounts';
import { buildSite, type CallOptions, createTestApi, errorsOf, messageOf, type TestApi } from './support/api';
import { createCustomer } from './support/money';

/**
 * Query strings are closed (docs/decisions/0030): every operation of openapi.yaml answers a
 * query parameter it does not declare with a 422 that names it, and still takes the ones it
 * declares. The operations come from the contract, so a new one is covered without a new line.
 */

type Json = Record<string, unknown>;
type Operation = (typeof operations)[number];

const UNKNOWN = 'utm_source';

function refResolver(ref: string): Json {
  const schema = openapi.components.schemas[ref.replace('#/components/schemas/', '')];
  if (schema === undefined) throw new Error(`openapi.yaml has no schema ${ref}`);
  return schema;
}

/** A value the parameter's schema accepts (json-schema-faker, checked, a few seeds tried). */
function validValue(schema: Json, name: string): string {
  const valid = validatorFor(schema);
  for (let seed = 1; seed <= 50; seed += 1) {
    const value = generateSync(schema, { seed, refResolver, useExamplesValue: true });
    // A query or path value arrives as text: it must still be valid after the round trip.
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const back = typeof value === 'string' ? value : (JSON.parse(text) as unknown);
    if (text !== '' && valid(back)) return text;
  }
  throw new Error(`no valid value found for parameter ${name}`);
}

interface Parameter {
  name: string;
  in: string;
  schema: Json;
}

function parametersOf(op: Operation): Parameter[] {
  return (op.parameters ?? []).map((raw) => {
    const ref = (raw as { $ref?: string }).$ref;
    if (ref === undefined) return raw as unknown as Parameter;
    const name = ref.replace('#/components/parameters/', '');
    return openapi.components.parameters[name] as unknown as Parameter;
  });
}

function pathParams(op: Operation): Record<string, string> {
  return Object.fromEntries(
    parametersOf(op)
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, validValue(p.schema, p.name)]),
  );
}

function declaredQuery(op: Operation): Record<string, string> {
  return Object.fromEntries(
    parametersOf(op)
      .filter((p) => p.in === 'query')
      .map((p) => [p.name, validValue(p.schema, p.name)]),
  );
}

/** A body of the operation's media type that gets past the media-type check (its fields may not). */
function bodyOf(op: Operation): Pick<CallOptions, 'payload' | 'contentType'> {
  const mediaType = Object.keys(op.requestBody?.content ?? {})[0];
  if (mediaType === undefined) return {};
  if (mediaType === 'application/x-www-form-urlencoded') return { payload: 'x=1', contentType: mediaType };
  if (mediaType === 'multipart/form-data')
    return { payload: '--x--\r\n', contentType: `${mediaType}; boundary=x` };
  return { payload: '{}', contentType: mediaType };
}

const refusing = operations.filter(
  (op) => (op as { 'x-unknown-query'?: string })['x-unknown-query'] !== 'ignore',
);
const ignoring = operations.filter(
  (op) => (op as { 'x-unknown-query'?: string })['x-unknown-query'] === 'ignore',
);

let api: TestApi;
let customer: { id: number; token: string };
const ADMIN_KEY = 'k'.repeat(43);
const GAME_SECRET = `gs_${'q'.repeat(43)}`;

beforeAll(async () => {
  api = await createTestApi({ ...roomyLimits, adminKey: ADMIN_KEY });
  customer = await createCustomer(api.database.db);
  await api.database.db.insert(gameServers).values({ name: 'query', secretHash: hashToken(GAME_SECRET) });
}, 60_000);
afterAll(async () => {
  await api.close();
});

function request(op: Operation, query: Record<string, string>): Promise<{ status: number; body: unknown }> {
  return api.call(op.operationId, {
    params: pathParams(op),
    query,
    ...bodyOf(op),
    ...(op.needsBearer ? { token: customer.token } : {}),
    // The store agent's calls carry a game server's secret; `npm run operator`'s, the admin key.
    ...(op.needsGameServer ? { token: GAME_SECRET } : {}),
    ...(op.needsAdminKey ? { headers: { 'blockfront-admin-key': ADMIN_KEY } } : {}),
  });
}

describe('the server reads the query parameters each operation declares', () => {
  it('from the contract, $refs followed, the same names the tests read', () => {
    const server = listOperations(loadContract());
    expect(server.map((op) => op.operationId)).toEqual(operations.map((op) => op.operationId));
    for (const op of operations) {
      const info = server.find((candidate) => candidate.operationId === op.operationId);
      expect(info?.queryParameters, op.operationId).toEqual(op.queryParameters);
    }
    expect(server.filter((op) => op.unknownQuery === 'ignore').map((op) => op.operationId)).toEqual(
      ignoring.map((op) => op.operationId),
    );
  });

  it('ignores unknown parameters on the emailed verification link only', () => {
    expect(ignoring.map((op) => op.operationId)).toEqual(['verifyEmail']);
  });
});

describe('a query parameter the operation does not declare is a 422 naming it', () => {
  it.each(refusing.map((op) => [`${op.operationId} (${op.method.toUpperCase()} ${op.path})`, op] as const))(
    '%s',
    async (_label, op) => {
      const alone = await request(op, { [UNKNOWN]: 'newsletter' });
      expect(alone.status, op.operationId).toBe(422);
      expect(errorsOf(alone.body), op.operationId).toEqual({
        [UNKNOWN]: [`Unknown query parameter '${UNKNOWN}'`],
      });
      expect(messageOf(alone.body)).toBe(`Unknown query parameter '${UNKNOWN}'`);

      // Next to the declared ones (valid), only the unknown ones are named, each of them.
      const mixed = await request(op, { ...declaredQuery(op), [UNKNOWN]: 'x', debug: '' });
      expect(mixed.status, op.operationId).toBe(422);
      expect(Object.keys(errorsOf(mixed.body)).sort(), op.operationId).toEqual(['debug', UNKNOWN]);
    },
  );
});

describe('the declared query parameters are still accepted', () => {
  it.each(operations.map((op) => [`${op.operationId} (${op.method.toUpperCase()} ${op.path})`, op] as const))(
    '%s',
    async (_label, op) => {
      const query = declaredQuery(op);
      const answer = await request(op, query);
      // The body sent is only `{}`, so a 422 may name its fields, never a query parameter.
      if (answer.status === 422) {
        const named = Object.keys(errorsOf(answer.body)).filter((field) => field in query);
        expect(named, op.operationId).toEqual([]);
      }
      expect(answer.status, op.operationId).toBeLessThan(500);
      // A request that went through (a sign-out) ends the session: start another.
      if (op.needsBearer && answer.status < 300) {
        customer.token = (await createSession(api.database.db, customer.id)).token;
      }
    },
  );
});

describe('the order of the checks', () => {
  it('answers a signed-out call 401 first, as without the parameter', async () => {
    const answer = await api.call('getProfile', { query: { [UNKNOWN]: 'x' } });
    expect(answer.status).toBe(401);
  });

  it("names the parameter in the request's language", async () => {
    const german = await languageId(api, 'de');
    const answer = await api.call('listProducts', { query: { lang_id: german, [UNKNOWN]: 'x' } });
    expect(answer.status).toBe(422);
    expect(errorsOf(answer.body)).toEqual({ [UNKNOWN]: [`Unbekannter Abfrageparameter '${UNKNOWN}'`] });
  });

  it('takes lang_id in the query of a GET only: a POST carries it in its body', async () => {
    const answer = await api.call('login', {
      query: { lang_id: 1 },
      body: { username: 'nobody@example.com', password: 'Diamond7' },
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(errorsOf(answer.body))).toEqual(['lang_id']);
  });

  it('names parameters called like a property of every object', async () => {
    const answer = await api.app.inject({
      method: 'GET',
      url: '/api/health?__proto__=1&constructor=2&valueOf',
    });
    expect(answer.statusCode).toBe(422);
    expect(Object.keys(JSON.parse(answer.body).errors)).toEqual(['__proto__', 'constructor', 'valueOf']);
  });

  it('changes nothing: a refused sign-out keeps the session', async () => {
    const session = await createSession(api.database.db, customer.id);
    const refused = await api.call('logout', { token: session.token, query: { [UNKNOWN]: 'x' } });
    expect(refused.status).toBe(422);
    expect((await api.call('checkAuth', { token: session.token })).status).toBe(200);
  });
});

describe('the emailed verification link', () => {
  it('verifies with the parameters a mail service appends to it', async () => {
    const signedUp = await signUp(api);
    const token = verificationTokenIn(mailsTo(api, signedUp.email)[0]);
    const opened = await api.call('verifyEmail', {
      params: { token },
      query: { utm_source: 'mail', utm_medium: 'email', utm_campaign: 'verify' },
    });
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toMatch(/^\/email\/verify\/success(\?bonus=\d+)?$/);
  });
});

describe('pages of the storefront are not API operations', () => {
  let dir: string;
  let site: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'blockfront-query-'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
    site = await buildSite(api, dir, roomyLimits);
  }, 60_000);
  afterAll(async () => {
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '/shop?add=3&count=2',
    '/login/link?token=abc&email=alex%40example.com',
    '/reset-password-confirm?token=abc&email=alex%40example.com',
    '/success-payment?session_id=cs_test_123',
    '/pending-payment?payment=pay_AbCdEfGh12345678&utm_source=mail',
    '/?utm_source=newsletter',
  ])('%s is served the app page', async (url) => {
    const answer = await site.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
  });
});
