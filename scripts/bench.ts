// `npm run bench [-- --postgres --duration 5 --connections 10 --check]`: the API budgets of docs/architecture.md §6.
//
// A child process builds the app on a fresh database, migrated and seeded, listens on 127.0.0.1
// and prepares customers straight in the database; this process drives it with autocannon over
// loopback, so the load generator never shares the server's event loop. Each run is bounded in
// time; the child and its database are removed at the end. `--check` exits with 1 when a budget
// fails.
//
// The database: by default the embedded one (PGlite) in a temporary DATA_DIR. With `--postgres`,
// a PostgreSQL server: the one DATABASE_URL points at, or else the local cluster of
// `npm run test:postgres` (scripts/ci-postgres.sh, 127.0.0.1:54329). There this process creates a
// database of the bench's own (`bf_bench_<pid>_<hex>`, from template0) and drops it at the end;
// the database in the URL is only used to connect. The server opens it as `npm start` does
// (`openDatabase`: node-postgres pool of 10 connections), and the budgets are PostgreSQL's.
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server as NetServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { hashPassword } from '../server/auth/passwords';
import { findSession } from '../server/auth/sessions';
import { issueToken } from '../server/auth/tokens';
import { contentLanguage } from '../server/catalogue/language';
import { currentSettings, readGoogleTag } from '../server/catalogue/settings-cache';
import { loadConfig } from '../server/config';
import { type Database, type DatabaseHandle, openDatabase, prepareDatabase } from '../server/db';
import { executeRows } from '../server/db/client';
import { products, sessions } from '../server/db/schema';
import type { RateLimits } from '../server/http/rate-limit';
import { servesApp } from '../server/http/static-app';
import { addToCart } from '../server/ledger/cart';
import { checkoutWithBalance } from '../server/orders/checkout';
import { paths } from '../server/paths';

/** Raised far above any run's volume, so the limits count but never refuse (printed in the output). */
const BENCH_RATE_LIMITS: RateLimits = {
  global: { max: 1_000_000_000, windowMs: 60_000 },
  perIp: { max: 1_000_000_000, windowMs: 60_000 },
  perAccountIp: { max: 1_000_000_000, windowMs: 60_000 },
  perAccount: { max: 1_000_000_000, windowMs: 60_000 },
  accountMails: { max: 1_000_000_000, windowMs: 60_000 },
};
/** Coins (minor units) credited to every bench customer: far more than any cart costs. */
const BENCH_COINS = 1_000_000_000;
/**
 * cart/add requests per second that the customers are sized for: far above any measured rate, so
 * that no cart line nears its count limit of 99 (each customer adds each product in turn).
 */
const CART_ADD_CEILING_PER_SECOND = 20_000;
/** The most units one cart line reaches at that ceiling. */
const CART_LINE_CEILING = 90;
/** Prepared carts per second of the checkout run: more than either database can check out here. */
const CHECKOUT_CARTS_PER_SECOND = 3_000;
/** Where the server child finds the PostgreSQL database made for it (unset: PGlite). */
const DATABASE_URL_ENV = 'BENCH_DATABASE_URL';

interface Budgets {
  cartAddPerSecond: number;
  /** Checkout has a rate budget on PostgreSQL only (docs/architecture.md §6). */
  checkoutPerSecond: number | undefined;
  p99Ms: number;
}

const PGLITE_BUDGETS: Budgets = { cartAddPerSecond: 1_000, checkoutPerSecond: undefined, p99Ms: 50 };
/**
 * Rendered /shop over SHOP_QUERIES distinct query strings (category × product dialog) from
 * PAGE_CONNECTIONS at once: its budget is ≥ 200 pages/s, p99 ≤ 100 ms (docs/architecture.md §6).
 */
const PAGES_PER_SECOND = 200;
const PAGE_P99_MS = 100;
const SHOP_QUERIES = 50;
const PAGE_CONNECTIONS = 20;

/** The first `count` of the shop's addresses by category (or none) and open product (or none). */
function shopQueries(categories: readonly string[], productIds: readonly number[], count: number): string[] {
  const queries: string[] = [];
  for (const category of [undefined, ...categories]) {
    for (const product of [undefined, ...productIds]) {
      const search = new URLSearchParams();
      if (category !== undefined) search.set('category', category);
      if (product !== undefined) search.set('product', String(product));
      queries.push(`/shop${search.size === 0 ? '' : `?${search}`}`);
    }
  }
  if (queries.length < count)
    throw new Error(`the seeded store gives ${queries.length} shop addresses, not ${count}`);
  return queries.slice(0, count);
}
const POSTGRES_BUDGETS: Budgets = { cartAddPerSecond: 4_000, checkoutPerSecond: 1_000, p99Ms: 50 };
/**
 * On PostgreSQL, cart/add and checkout through the API reach at least this share of the rate of
 * their database work called directly (docs/architecture.md §6): what the API costs on top.
 */
const API_SHARE_OF_DIRECT = 0.6;

// --- protocol between the driver and the server child ---------------------------------------------

/** An operation's database work, called in the server child without HTTP (the API's floor). */
type DirectOperation = 'cartAdd' | 'checkout';

type Command =
  | { type: 'customers'; pool: string; count: number; withCart: boolean }
  | { type: 'direct'; operation: DirectOperation; tokens: string[]; concurrency: number; durationMs: number }
  | { type: 'stop' };

type Reply =
  | {
      type: 'ready';
      appPort: number;
      plainPort: number;
      /** The app with the built storefront (rendered pages); null without a build. */
      pagePort: number | null;
      productIds: number[];
      database: string;
    }
  | { type: 'customers'; tokens: string[] }
  | { type: 'direct'; done: number; seconds: number }
  | { type: 'failed'; message: string };

// --- the server child ------------------------------------------------------------------------------

/** Verified customers with coins on the ledger and a session each; with one cart line when asked. */
async function prepareCustomers(
  db: Database,
  pool: string,
  count: number,
  productId: number | undefined,
): Promise<string[]> {
  const passwordHash = await hashPassword('Bench123');
  const emails = `bench-${pool}-%@bench.test`;
  await db.execute(sql`
    insert into users (name, surname, email, phone, phone_e164, password_hash, country_id, city,
                       email_verified_at, balance_minor)
    select 'Bench', 'Customer', ${`bench-${pool}-`}::text || g || '@bench.test', '+49 30 901820',
           '+4930901820', ${passwordHash}, (select min(id) from countries), 'Berlin', now(), ${BENCH_COINS}
    from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into balance_ledger (user_id, amount_minor, reason, idempotency_key)
    select id, ${BENCH_COINS}, 'adjustment', 'bench-credit-' || id from users where email like ${emails}`);
  if (productId !== undefined) {
    await db.execute(sql`insert into carts (user_id) select id from users where email like ${emails}`);
    await db.execute(sql`
      insert into cart_lines (cart_id, product_id, count)
      select carts.id, ${productId}, 1 from carts join users on users.id = carts.user_id
      where users.email like ${emails}`);
  }
  const ids = await executeRows<{ id: number }>(
    db,
    sql`select id from users where email like ${emails} order by id`,
  );
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const tokens: string[] = [];
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = ids.slice(start, start + 1000).map(({ id }) => {
      const { token, tokenHash } = issueToken();
      tokens.push(token);
      return { tokenHash, userId: Number(id), expiresAt };
    });
    await db.insert(sessions).values(rows);
  }
  return tokens;
}

/**
 * What cart/add or a balance checkout does in the database, called as the handlers call it (the
 * session of the token, the language, the settings, then the operation) from `concurrency` loops
 * for `durationMs`, without HTTP, routing, validation or serialisation: what the API adds on top
 * is its rate divided by this one. Each token is used by one loop only; a checkout uses each once.
 */
async function runDirect(
  db: Database,
  productIds: readonly number[],
  command: Extract<Command, { type: 'direct' }>,
): Promise<{ done: number; seconds: number }> {
  const started = performance.now();
  const deadline = started + command.durationMs;
  let done = 0;
  let nextCheckout = 0;
  const loop = async (slot: number) => {
    const mine = command.tokens.filter((_, index) => index % command.concurrency === slot);
    for (let sent = 0; performance.now() < deadline; sent += 1) {
      const token =
        command.operation === 'checkout' ? command.tokens[nextCheckout++] : mine[sent % mine.length];
      if (token === undefined) return;
      const session = await findSession(db, token);
      if (session === null) throw new Error('a bench token has no session');
      const language = await contentLanguage(db, undefined);
      if (command.operation === 'cartAdd') {
        const product = productIds[Math.floor(sent / mine.length) % productIds.length] ?? 0;
        await addToCart(db, session.user.id, product, 1, language.id);
      } else {
        await currentSettings(db);
        await checkoutWithBalance(db, session.user.id, language.id, undefined, 'BenchPlayer');
      }
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, (_, slot) => loop(slot)));
  return { done, seconds: (performance.now() - started) / 1000 };
}

/** What the server runs on, as the output states it. */
async function describeDatabase(database: DatabaseHandle): Promise<string> {
  if (database.native.driver === 'pglite') return 'embedded database (PGlite) in a temporary DATA_DIR';
  const [row] = await executeRows<{ version: string; name: string }>(
    database.db,
    sql`select current_setting('server_version') as version, current_database() as name`,
  );
  return `PostgreSQL ${row?.version} (database ${row?.name}), node-postgres pool of ${database.native.pool.options.max} connections`;
}

async function serve(): Promise<void> {
  const send = (reply: Reply) => process.send?.(reply);
  const databaseUrl = process.env[DATABASE_URL_ENV];
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), 'blockfront-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const database = await openDatabase(config);
  const plain = Fastify();
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let pages: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await plain.close();
      await app?.close();
      await pages?.close();
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  process.on('disconnect', () => void stop().then(() => process.exit(0)));

  try {
    await prepareDatabase(database);
    app = await buildApp({
      config,
      database,
      staticDir: null,
      rateLimits: BENCH_RATE_LIMITS,
      googleTag: () => readGoogleTag(database.db),
    });
    // Only in this instance: the floor of what any route of the app costs (same hooks, no work).
    app.get('/bench/bare', async () => ({ status: 'OK' }));
    plain.get('/bench/plain', async () => ({ status: 'OK' }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    await plain.listen({ host: '127.0.0.1', port: 0 });
    // The storefront's pages, rendered by the build's render entry (`npm run build` first).
    if (servesApp(paths.appDist)) {
      pages = await buildApp({
        config,
        database,
        staticDir: paths.appDist,
        rateLimits: BENCH_RATE_LIMITS,
        googleTag: () => readGoogleTag(database.db),
      });
      await pages.listen({ host: '127.0.0.1', port: 0 });
    }
    const productIds = (
      await database.db
        .select({ id: products.id })
        .from(products)
        // Products without a per-order or per-customer limit: each customer adds each in turn.
        .where(and(eq(products.active, true), isNull(products.maxPerOrder), isNull(products.maxPerCustomer)))
        .orderBy(asc(products.id))
    ).map((row) => row.id);
    const portOf = (server: { server: NetServer }) => {
      const address = server.server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      return address.port;
    };
    send({
      type: 'ready',
      appPort: portOf(app),
      plainPort: portOf(plain),
      pagePort: pages === undefined ? null : portOf(pages),
      productIds,
      database: await describeDatabase(database),
    });

    process.on('message', (command: Command) => {
      if (command.type === 'stop') {
        void stop().then(() => process.exit(0));
        return;
      }
      if (command.type === 'direct') {
        runDirect(database.db, productIds, command)
          .then((result) => send({ type: 'direct', ...result }))
          .catch((error: unknown) => send({ type: 'failed', message: String(error) }));
        return;
      }
      prepareCustomers(database.db, command.pool, command.count, command.withCart ? productIds[0] : undefined)
        .then((tokens) => send({ type: 'customers', tokens }))
        .catch((error: unknown) => send({ type: 'failed', message: String(error) }));
    });
  } catch (error) {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    await stop();
    process.exit(1);
  }
}

// --- autocannon, typed for what this script uses ---------------------------------------------------

interface BenchRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: BenchRequest) => BenchRequest;
}

interface BenchClient {
  setRequests(requests: BenchRequest[]): void;
}

interface RunOptions {
  url: string;
  connections: number;
  duration: number;
  maxOverallRequests?: number;
  requests?: BenchRequest[];
  setupClient?: (client: BenchClient) => void;
}

interface RunResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  requests: { total: number };
  latency: { p50: number; p99: number };
}

const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: RunOptions,
) => Promise<RunResult>;

// --- the driver ------------------------------------------------------------------------------------

interface Row {
  name: string;
  result?: RunResult;
  /** Why there are no figures, or a remark about them. */
  note?: string;
  target?: string;
  pass?: boolean;
}

class Server {
  private readonly replies: Reply[] = [];
  private waiting: ((reply: Reply) => void) | undefined;

  constructor(private readonly child: ChildProcess) {
    child.on('message', (reply: Reply) => {
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = undefined;
        resolve(reply);
      } else this.replies.push(reply);
    });
  }

  next(): Promise<Reply> {
    const queued = this.replies.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.child.once('exit', (code) => reject(new Error(`the bench server exited (code ${code})`)));
    });
  }

  async customers(pool: string, count: number, withCart: boolean): Promise<string[]> {
    this.child.send({ type: 'customers', pool, count, withCart } satisfies Command);
    const reply = await this.next();
    if (reply.type !== 'customers') throw new Error(`preparing customers failed: ${JSON.stringify(reply)}`);
    return reply.tokens;
  }

  /** Operations per second of an operation's database work called directly (`runDirect`). */
  async direct(operation: DirectOperation, tokens: string[], concurrency: number, seconds: number) {
    this.child.send({
      type: 'direct',
      operation,
      tokens,
      concurrency,
      durationMs: seconds * 1000,
    } satisfies Command);
    const reply = await this.next();
    if (reply.type !== 'direct') throw new Error(`the direct run failed: ${JSON.stringify(reply)}`);
    return { perSecond: reply.done / reply.seconds, done: reply.done };
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      if (this.child.connected) this.child.send({ type: 'stop' } satisfies Command);
      else this.child.kill('SIGTERM');
      setTimeout(() => this.child.kill('SIGKILL'), 15_000).unref();
    });
  }
}

// --- the bench's own PostgreSQL database ----------------------------------------------------------

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The server DATABASE_URL names, or else the local cluster of `npm run test:postgres`. */
function postgresServerUrl(): string {
  const given = process.env.DATABASE_URL;
  if (given) return given;
  const script = fileURLToPath(new URL('./ci-postgres.sh', import.meta.url));
  return execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

async function onServer<T>(serverUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on that server, and a function that drops it (once). */
async function createBenchDatabase(
  serverUrl: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `bf_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (admin) => admin.query(`create database ${ident(name)} template template0`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  const drop = () => {
    dropped ??= onServer(serverUrl, async (admin) => {
      await admin.query(`drop database if exists ${ident(name)} with (force)`);
    });
    return dropped;
  };
  return { url: url.toString(), name, drop };
}

const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

async function probe(url: string, init: RequestInit): Promise<number> {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return response.status;
}

/** CPU time (user + system) a process has used so far, in ms; undefined off Linux. */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

function perSecond(result: RunResult): number {
  return result.requests.total / result.duration;
}

function statuses(result: RunResult): string {
  return Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ');
}

function clean(result: RunResult): boolean {
  return result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
}

/** The API's rate as a share of the same database work called directly; budgeted on PostgreSQL. */
function shareRow(
  name: string,
  api: RunResult,
  direct: { perSecond: number; done: number },
  postgres: boolean,
): Row {
  const share = perSecond(api) / direct.perSecond;
  return {
    name: `${name}: the API ÷ its database work called directly`,
    note: `${perSecond(api).toFixed(0)} ÷ ${direct.perSecond.toFixed(0)} per s (${direct.done} done directly) = ${share.toFixed(2)}`,
    target: postgres ? `≥ ${API_SHARE_OF_DIRECT}` : undefined,
    pass: postgres ? share >= API_SHARE_OF_DIRECT : undefined,
  };
}

function printTable(rows: Row[]): void {
  const header = ['operation', 'req/s', 'p50 ms', 'p99 ms', 'responses', 'budget', 'result'];
  const lines = rows.map((row) => [
    row.name,
    row.result ? perSecond(row.result).toFixed(0) : '—',
    row.result ? String(row.result.latency.p50) : '—',
    row.result ? String(row.result.latency.p99) : '—',
    row.result ? statuses(row.result) || 'none' : (row.note ?? ''),
    row.target ?? '',
    row.pass === undefined ? 'info' : row.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)),
  );
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\n${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const line of lines) console.log(format(line));
  for (const row of rows) if (row.result && row.note) console.log(`\n${row.name}: ${row.note}`);
}

async function drive(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      check: { type: 'boolean', default: false },
      postgres: { type: 'boolean', default: false },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  if (!(duration > 0 && duration <= 60) || !(Number.isInteger(connections) && connections > 0)) {
    throw new Error('usage: bench [--postgres] [--duration <1-60 s>] [--connections <n>] [--check]');
  }
  const budgets = values.postgres ? POSTGRES_BUDGETS : PGLITE_BUDGETS;

  console.log(`bench: ${connections} connections, ${duration} s per run, loopback`);
  // Other work on the machine shows in every figure: print the load next to them.
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(`bench: ${os.cpus().length} cores, load average ${load()} (1, 5, 15 min)`);
  console.log(
    `bench: rate limits raised to ${BENCH_RATE_LIMITS.global.max.toLocaleString('en')} requests per window so they count but never refuse`,
  );
  const benchDatabase = values.postgres ? await createBenchDatabase(postgresServerUrl()) : undefined;
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: benchDatabase ? { ...process.env, [DATABASE_URL_ENV]: benchDatabase.url } : process.env,
  });
  const server = new Server(child);
  const stopAll = async () => {
    await server.stop();
    await benchDatabase?.drop();
  };
  const stopOnSignal = () => void stopAll().finally(() => process.exit(130));
  process.on('SIGINT', stopOnSignal);
  process.on('SIGTERM', stopOnSignal);

  const rows: Row[] = [];
  try {
    const ready = await server.next();
    if (ready.type !== 'ready') throw new Error(`the bench server did not start: ${JSON.stringify(ready)}`);
    console.log(`bench: ${ready.database}`);
    const base = `http://127.0.0.1:${ready.appPort}`;
    const productIds = ready.productIds;
    if (productIds.length === 0) throw new Error('the seeded store has no products');

    const measure = async (options: Omit<RunOptions, 'connections' | 'duration'>, warmUp = true) => {
      if (warmUp) await autocannon({ ...options, connections, duration: 1 });
      return autocannon({ ...options, connections, duration });
    };

    const plain = await measure({ url: `http://127.0.0.1:${ready.plainPort}/bench/plain` });
    rows.push({ name: 'GET /bench/plain (Fastify, no plugins)', result: plain });

    const bare = await measure({ url: `${base}/bench/bare` });
    rows.push({ name: 'GET /bench/bare (app hooks, no work)', result: bare });

    const settings = await measure({ url: `${base}/api/settings` });
    const settingsFloor = perSecond(bare) / 2;
    rows.push({
      name: 'GET /api/settings',
      result: settings,
      target: `≥ ${settingsFloor.toFixed(0)} req/s (½ bare)`,
      pass: clean(settings) && perSecond(settings) >= settingsFloor,
    });

    // Rendered pages: the shop as visitors open it, by category and product, from 20 at once.
    const pageTarget = `≥ ${PAGES_PER_SECOND} pages/s, p99 ≤ ${PAGE_P99_MS} ms`;
    const pageName = `GET /shop (rendered, ${SHOP_QUERIES} query strings, ${PAGE_CONNECTIONS} connections)`;
    if (ready.pagePort === null) {
      rows.push({ name: pageName, note: 'not measured: no build (npm run build)', target: pageTarget });
    } else {
      const answer = await fetch(`${base}/api/products/categories`);
      const categories = ((await answer.json()) as { payload: { slug: string }[] }).payload.map(
        (category) => category.slug,
      );
      const queries = shopQueries(categories, productIds, SHOP_QUERIES);
      let n = 0;
      const shopPages: Omit<RunOptions, 'duration'> = {
        url: `http://127.0.0.1:${ready.pagePort}`,
        connections: PAGE_CONNECTIONS,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              n += 1;
              return {
                ...request,
                path: queries[n % queries.length] ?? '/shop',
                headers: { 'accept-encoding': 'gzip' },
              };
            },
          },
        ],
      };
      await autocannon({ ...shopPages, duration: 1 });
      const cpuBefore = cpuMsOf(child.pid);
      const pages = await autocannon({ ...shopPages, duration });
      // Renders a run left going still count: they end within the render timeout (3 s).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const cpuAfter = cpuMsOf(child.pid);
      const answered = pages.requests.total;
      rows.push({
        name: pageName,
        result: pages,
        note:
          cpuBefore === undefined || cpuAfter === undefined || answered === 0
            ? undefined
            : `server CPU ${((cpuAfter - cpuBefore) / answered).toFixed(2)} ms per page (${answered} pages)`,
        target: pageTarget,
        pass: clean(pages) && perSecond(pages) >= PAGES_PER_SECOND && pages.latency.p99 <= PAGE_P99_MS,
      });
    }

    // cart/add: each connection is its own customers, cycling through the products one at a time,
    // so every request adds to a cart line and none reaches the count limit of 99.
    const usersPerConnection = Math.max(
      5,
      Math.ceil(
        (CART_ADD_CEILING_PER_SECOND * (duration + 1)) /
          (connections * productIds.length * CART_LINE_CEILING),
      ),
    );
    const cartTokens = await server.customers('cart', connections * usersPerConnection, false);
    const cartAddTarget = `≥ ${budgets.cartAddPerSecond} req/s, p99 ≤ ${budgets.p99Ms} ms`;
    const cartProbe = await probe(`${base}/api/cart/add`, {
      method: 'POST',
      headers: json(cartTokens[0] ?? ''),
      body: JSON.stringify({ id: productIds[0], count: 1 }),
    });
    if (cartProbe !== 200) {
      rows.push({
        name: 'POST /api/cart/add',
        note: `not measured: answers ${cartProbe}`,
        target: cartAddTarget,
        pass: false,
      });
    } else {
      let connection = 0;
      const cartAdd = await measure({
        url: base,
        setupClient: (client) => {
          const mine = cartTokens.slice(
            connection * usersPerConnection,
            (connection + 1) * usersPerConnection,
          );
          connection = (connection + 1) % connections;
          let sent = 0;
          client.setRequests([
            {
              method: 'POST',
              path: '/api/cart/add',
              setupRequest: (request) => {
                const token = mine[sent % mine.length] ?? '';
                const product = productIds[Math.floor(sent / mine.length) % productIds.length];
                sent += 1;
                return { ...request, headers: json(token), body: JSON.stringify({ id: product, count: 1 }) };
              },
            },
          ]);
        },
      });
      rows.push({
        name: 'POST /api/cart/add',
        result: cartAdd,
        target: cartAddTarget,
        pass:
          clean(cartAdd) &&
          perSecond(cartAdd) >= budgets.cartAddPerSecond &&
          cartAdd.latency.p99 <= budgets.p99Ms,
      });
      const directTokens = await server.customers('cart-direct', connections * usersPerConnection, false);
      const direct = await server.direct('cartAdd', directTokens, connections, duration);
      rows.push(shareRow('POST /api/cart/add', cartAdd, direct, values.postgres));
    }

    // checkout: every request pays a cart prepared in the database for a customer of its own
    // (one line, coins on the ledger), so each one measures one whole checkout, never an empty cart.
    const checkoutTokens = await server.customers(
      'checkout',
      Math.ceil(duration * CHECKOUT_CARTS_PER_SECOND) + 1,
      true,
    );
    // The cart's product delivers in game, so checkout needs the player it is for.
    const body = JSON.stringify({ payment_method: 'balance', player: 'BenchPlayer' });
    const checkoutProbe = await probe(`${base}/api/orders/checkout`, {
      method: 'POST',
      headers: json(checkoutTokens[0] ?? ''),
      body,
    });
    const checkoutBudget = budgets.checkoutPerSecond;
    const checkoutTarget =
      checkoutBudget === undefined ? undefined : `≥ ${checkoutBudget} req/s, p99 ≤ ${budgets.p99Ms} ms`;
    if (checkoutProbe !== 200) {
      rows.push({
        name: 'POST /api/orders/checkout (balance)',
        note: `not measured: answers ${checkoutProbe}`,
        target: checkoutTarget,
        pass: checkoutBudget === undefined ? undefined : false,
      });
    } else {
      const pool = checkoutTokens.slice(1);
      let next = 0;
      const checkout = await measure(
        {
          url: base,
          maxOverallRequests: pool.length,
          requests: [
            {
              method: 'POST',
              path: '/api/orders/checkout',
              setupRequest: (request) => {
                const token = pool[next] ?? '';
                next += 1;
                return { ...request, headers: json(token), body };
              },
            },
          ],
        },
        false,
      );
      rows.push({
        name: 'POST /api/orders/checkout (balance)',
        result: checkout,
        note:
          checkout.requests.total >= pool.length
            ? `used all ${pool.length} prepared carts before ${duration} s; the rate covers ${checkout.duration.toFixed(1)} s`
            : undefined,
        target: checkoutTarget,
        // On PGlite no rate budget of its own: failed answers are the only way it fails.
        pass: !clean(checkout)
          ? false
          : checkoutBudget === undefined
            ? undefined
            : perSecond(checkout) >= checkoutBudget && checkout.latency.p99 <= budgets.p99Ms,
      });
      const directCarts = await server.customers(
        'checkout-direct',
        Math.ceil(duration * CHECKOUT_CARTS_PER_SECOND),
        true,
      );
      const direct = await server.direct('checkout', directCarts, connections, duration);
      rows.push(shareRow('POST /api/orders/checkout (balance)', checkout, direct, values.postgres));
    }
  } finally {
    await stopAll();
  }

  printTable(rows);
  console.log(`\nbench: load average ${load()} at the end`);
  const failed = rows.filter((row) => row.pass === false);
  console.log(
    failed.length === 0
      ? '\nbench: every budget met'
      : `\nbench: ${failed.length} failed: ${failed.map((row) => row.name).join(', ')}`,
  );
  if (values.check && failed.length > 0) process.exitCode = 1;
}

const main = process.argv.includes('--serve') ? serve : drive;
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
