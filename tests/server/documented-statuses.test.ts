import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { openapi, operations } from '../support/openapi';
import { type CallOptions, createTestApi, ROOMY, type TestApi } from './support/api';
import { createCustomer } from './support/money';

/**
 * A deterministic sweep of bad inputs per operation of openapi.yaml: every answer must be a
 * status the operation documents, with the documented body (`api.call` checks both), and never a
 * 5xx. The property-based fuzz suite goes further; this one pins the known cases.
 */

type Schema = Record<string, unknown>;

function resolve(schema: Schema | undefined): Schema {
  if (schema === undefined) return {};
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  return resolve(openapi.components.schemas[name]);
}

/** Values a field of this schema must refuse: another type, and values just outside its rules. */
function badValues(raw: Schema | undefined): unknown[] {
  const schema = resolve(raw);
  const type = schema.type;
  const values: unknown[] = [null, { nested: true }, ['list']];
  if (type === 'string' || schema.enum !== undefined || schema.const !== undefined) {
    values.push(12345, true, '', 'x'.repeat(Number(schema.maxLength ?? 1000) + 1), 'not-in-the-rules\u0000');
  }
  if (type === 'integer' || type === 'number') {
    values.push('12', 1.5, -1, 0, Number(schema.maximum ?? 2 ** 53) + 1, 1e308);
  }
  if (type === 'boolean') values.push('true', 1);
  return values;
}

/** Path parameters that exist in shape, so the other inputs are what is judged. */
const GOOD_PARAMS: Record<string, string> = {
  token: 'q3Zf8m1VxT0bN7cLkPa9sRw2yHdEuGj4oXiB6tQnMv5',
  idOrSlug: 'rules',
  id: 'pay_AbCdEfGh12345678',
  provider: 'sandbox',
  ref: 'pay_AbCdEfGh12345678',
};
const BAD_PARAMS = ['x', 'x'.repeat(300), '-1', '%00', 'pay_'];
const BAD_QUERY = ['abc', '-1', '0', '1.5', 'x'.repeat(300), ''];

function paramsOf(path: string, override: Record<string, string> = {}): Record<string, string> {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  return Object.fromEntries(names.map((name) => [name, override[name] ?? GOOD_PARAMS[name] ?? 'x']));
}

/** The bad requests tried on one operation, each with a label for the failure message. */
function badRequests(op: (typeof operations)[number]): Array<[string, CallOptions]> {
  const params = paramsOf(op.path);
  const cases: Array<[string, CallOptions]> = [['nothing', { params }]];
  for (const name of Object.keys(params)) {
    for (const value of BAD_PARAMS)
      cases.push([`path ${name}=${value}`, { params: { ...params, [name]: value } }]);
  }
  for (const name of op.queryParameters) {
    for (const value of BAD_QUERY)
      cases.push([`query ${name}=${value}`, { params, query: { [name]: value } }]);
  }
  if (op.requestBody === undefined) return cases;
  if (op.requestBody.content['multipart/form-data'] !== undefined) return [...cases, ...badForms(op, params)];
  const form = op.requestBody.content['application/x-www-form-urlencoded'] !== undefined;
  const contentType = form ? 'application/x-www-form-urlencoded' : 'application/json';
  cases.push(
    ['unparsable body', { params, payload: '{"a":', contentType: 'application/json' }],
    ['text body', { params, payload: 'hello', contentType: 'text/plain' }],
    ['empty body', { params, payload: '', contentType }],
    ['array body', { params, body: [] }],
    ['string body', { params, body: 'x' }],
    ['empty object', { params, body: {} }],
    ['unknown field', { params, body: { unknown_field: 1 } }],
  );
  const properties = (op.requestSchema?.properties ?? {}) as Record<string, Schema>;
  for (const [name, schema] of Object.entries(properties)) {
    for (const value of badValues(schema)) {
      const label = `body ${name}=${JSON.stringify(value)?.slice(0, 30)}`;
      if (form) {
        cases.push([label, { params, payload: `${name}=${encodeURIComponent(String(value))}`, contentType }]);
      } else {
        cases.push([label, { params, body: { [name]: value } }]);
      }
    }
  }
  return cases;
}

/** A multipart form of text parts (and a file part where `file` is given). */
function formOf(fields: Record<string, string>, file?: { name: string; bytes: number[] }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file !== undefined) form.append(file.name, new Blob([new Uint8Array(file.bytes)]), 'file.bin');
  return form;
}

/** The bad requests of an upload (multipart): broken bodies, other media types, bad parts. */
function badForms(
  op: (typeof operations)[number],
  params: Record<string, string>,
): Array<[string, CallOptions]> {
  const multipart = 'multipart/form-data; boundary=x';
  const cases: Array<[string, CallOptions]> = [
    [
      'unparsable form',
      { params, payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', contentType: multipart },
    ],
    ['form without boundary', { params, payload: 'hello', contentType: 'multipart/form-data' }],
    ['text body', { params, payload: 'hello', contentType: 'text/plain' }],
    ['empty form', { params, payload: '', contentType: multipart }],
    ['JSON object', { params, body: {} }],
    ['empty multipart', { params, form: formOf({}) }],
    ['unknown part', { params, form: formOf({ unknown_field: '1' }) }],
    ['unknown file', { params, form: formOf({}, { name: 'unknown_file', bytes: [1] }) }],
  ];
  const properties = (op.requestSchema?.properties ?? {}) as Record<string, Schema>;
  for (const [name, schema] of Object.entries(properties)) {
    for (const value of badValues(schema)) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      cases.push([`part ${name}=${text.slice(0, 30)}`, { params, form: formOf({ [name]: text }) }]);
    }
    cases.push([`file ${name}`, { params, form: formOf({}, { name, bytes: [0, 1, 2] }) }]);
  }
  return cases;
}

let api: TestApi;
let customer: { id: number; token: string };

beforeAll(async () => {
  api = await createTestApi({
    rateLimits: { global: ROOMY, perIp: ROOMY, perAccountIp: ROOMY, perAccount: ROOMY, accountMails: ROOMY },
  });
  customer = await createCustomer(api.database.db);
}, 60_000);
afterAll(async () => {
  await api.close();
});

describe('every answer to a bad request is documented', () => {
  for (const op of operations) {
    it(`${op.operationId}: ${op.method.toUpperCase()} ${op.path}`, async () => {
      for (const [label, options] of badRequests(op)) {
        for (const bearer of op.needsBearer ? [undefined, customer.token, 'not-a-token'] : [undefined]) {
          const where = `${op.operationId} with ${label}, ${bearer === undefined ? 'signed out' : 'signed in'}`;
          const call = api.call(op.operationId, {
            ...options,
            ...(bearer === undefined ? {} : { token: bearer }),
          });
          const result = await call.catch((error: Error) => ({
            status: 0,
            error: `${where}: ${error.message}`,
          }));
          expect('error' in result ? result.error : '', where).toBe('');
          expect(result.status, where).toBeLessThan(500);
          // A request that went through (a sign-out without a body) ends the session: start another.
          if (bearer === customer.token && result.status < 300) {
            customer.token = (await createSession(api.database.db, customer.id)).token;
          }
        }
      }
    });
  }
});
