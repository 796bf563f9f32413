import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AppOptions, buildApp } from '../../../server/app';
import { type Config, loadConfig } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/client';
import { MemoryHitStore } from '../../../server/http/rate-limit';
import { outboxDir } from '../../../server/mail/mailer';
import { operation, responseProblems } from '../../support/openapi';
import { createTestDatabase } from './db';

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON unless `payload` is given. */
  body?: unknown;
  /** Sent as multipart/form-data (an upload). */
  form?: FormData;
  /** Sent as it is (with `contentType`), for malformed bodies. */
  payload?: string;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
  /** The client's address (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface CallResult {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** Parsed JSON, or the text of a non-JSON answer. */
  body: unknown;
  text: string;
}

export interface TestApi {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /**
   * Performs an operation of openapi.yaml by its operationId through `app.inject`, and fails
   * unless the answer (status, content type, body, required headers) is what the contract
   * documents for that operation.
   */
  call(operationId: string, options?: CallOptions): Promise<CallResult>;
  /** The raw .eml messages the app has written to its outbox, oldest first. */
  outbox(): string[];
  /**
   * Sends what the mail queue holds due now (server/mail/queue.ts); the test app's sender sends
   * nothing by itself, so a test decides when queued mail goes out. Answers how many were sent.
   */
  sendMail(): Promise<number>;
  close(): Promise<void>;
}

export type TestApiOptions = Partial<Omit<AppOptions, 'config' | 'database'>> & {
  env?: Record<string, string>;
  database?: DatabaseHandle;
};

function pathFor(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: CallOptions['query'] = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface RawAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * What is off-contract in an answer to an operation: an undocumented status, a content type or
 * body the contract does not document for it, a missing required header. Also the parsed body.
 */
export function contractCheck(
  operationId: string,
  response: RawAnswer,
): { body: unknown; problems: string[] } {
  const header = response.headers['content-type'];
  const contentType = typeof header === 'string' ? header : undefined;
  const isJson = contentType?.includes('json') ?? false;
  let body: unknown = response.body;
  const problems: string[] = [];
  if (isJson) {
    try {
      body = JSON.parse(response.body);
    } catch {
      problems.push(`${operationId} ${response.statusCode} says JSON but its body is not`);
    }
  }
  problems.push(...responseProblems(operationId, response.statusCode, contentType, body));
  const documented = operation(operationId).responses[String(response.statusCode)];
  for (const [name, spec] of Object.entries(documented?.headers ?? {})) {
    if (spec.required && response.headers[name.toLowerCase()] === undefined) {
      problems.push(`${operationId} ${response.statusCode} lacks the required header ${name}`);
    }
  }
  return { body, problems };
}

/** A fresh seeded database, a temporary DATA_DIR and the app on top, without a storefront build. */
export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const { env, database: given, ...appOptions } = options;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'blockfront-api-'));
  // shop.test is not a local address: the sandbox runs because it is asked for, as on a staging store.
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://shop.test',
    PAYMENT_PROVIDER: 'sandbox',
    ...env,
  });
  const database = given ?? (await createTestDatabase());
  // Rate-limit counters of this app only (unless a test passes a store): test files share one
  // database between apps, and database counters would carry over from one test to the next.
  const app = await buildApp({
    config,
    database,
    staticDir: null,
    hitStore: new MemoryHitStore(),
    sharedApiLimit: false,
    mailSender: { auto: false },
    ...appOptions,
  });
  await app.ready();

  async function call(operationId: string, callOptions: CallOptions = {}): Promise<CallResult> {
    const op = operation(operationId);
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token !== undefined) headers.authorization = `Bearer ${callOptions.token}`;
    let payload: string | FormData | undefined;
    if (callOptions.form !== undefined) {
      payload = callOptions.form;
    } else if (callOptions.payload !== undefined) {
      payload = callOptions.payload;
      headers['content-type'] = callOptions.contentType ?? 'application/json';
    } else if (callOptions.body !== undefined) {
      payload = JSON.stringify(callOptions.body);
      headers['content-type'] = callOptions.contentType ?? 'application/json';
    }
    const response = await app.inject({
      method: op.method.toUpperCase() as 'GET',
      url: `/api${pathFor(op.path, callOptions.params ?? {})}${queryString(callOptions.query)}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
      ...(callOptions.remoteAddress === undefined ? {} : { remoteAddress: callOptions.remoteAddress }),
    });
    const { body, problems } = contractCheck(operationId, response);
    if (problems.length > 0) {
      throw new Error(
        `${operationId} answered ${response.statusCode} off-contract:\n  ${problems.join('\n  ')}\nbody: ${response.body.slice(0, 500)}`,
      );
    }
    return { status: response.statusCode, headers: response.headers, body, text: response.body };
  }

  return {
    app,
    database,
    config,
    call,
    sendMail: () => app.ctx.mailSender.drain(),
    outbox() {
      const dir = outboxDir(dataDir);
      let files: string[];
      try {
        files = readdirSync(dir).sort();
      } catch {
        return [];
      }
      return files.map((file) => readFileSync(path.join(dir, file), 'utf8'));
    },
    async close() {
      await app.close();
      if (given === undefined) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `message` of an ApiError or MessageResponse body (the contract helper already checked its shape). */
/**
 * A 422 that refuses the request at its fields: `errors` by field, and the first field's first error
 * as the message.
 */
export function expectFieldsRefused(
  res: { status: number; body: unknown },
  errors: Record<string, string[]>,
  label?: string,
) {
  expect(res.status, label).toBe(422);
  expect(res.body, label).toEqual({ status: 'ERROR', message: Object.values(errors)[0]?.[0], errors });
}

/** A 422 that refuses one field with `message`. */
export const expectFieldRefused = (
  res: { status: number; body: unknown },
  field: string,
  message: string,
  label?: string,
) => expectFieldsRefused(res, { [field]: [message] }, label);

export const messageOf = (body: unknown): string => (body as { message: string }).message;

/** The field errors of a 422 body. */
export const errorsOf = (body: unknown): Record<string, string[]> =>
  (body as { errors: Record<string, string[]> }).errors;

/**
 * A second app on a test API's database that serves the storefront build in `staticDir`. Its pages
 * wait up to 10 s for their first screen (3 s in production): a loaded test machine renders slowly,
 * and what a test checks is the page, not the render's speed.
 */
/**
 * A temporary build folder (what `vite build` leaves in dist/) holding `files`, by their paths in
 * it; `remove()` deletes it.
 */
export function tempDist(name: string, files: Readonly<Record<string, string | Uint8Array>>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `blockfront-${name}-`));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function buildSite(
  api: TestApi,
  staticDir: string,
  options: Partial<Omit<AppOptions, 'config' | 'database' | 'staticDir'>> & {
    env?: Record<string, string>;
  } = {},
): Promise<FastifyInstance> {
  const { env, ...appOptions } = options;
  return buildApp({
    config: loadConfig({ DATA_DIR: staticDir, PUBLIC_URL: 'http://shop.test', ...env }),
    database: api.database,
    staticDir,
    renderTimeoutMs: 10_000,
    ...appOptions,
  });
}

/** The global flood guard of a test that sends many requests from one process. */
export const ROOMY = { max: 1_000_000, windowMs: 60_000 };

/**
 * An app for a file of throttling tests, built once per file: the shipped rate limits, only the
 * global flood guard raised (the file sends many requests from one process).
 */
export function shippedLimitsSuite() {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await createTestApi({ rateLimits: { global: ROOMY } });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });
  return {
    get api(): TestApi {
      if (api === undefined) throw new Error('shippedLimitsSuite: the app is built in beforeAll');
      return api;
    },
  };
}
