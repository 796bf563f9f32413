import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { defineStatement, runStatement } from '../db/statement';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Every API request, per client IP: a flood guard, sized for many customers behind one address. */
  global: Limit;
  /** Each sensitive operation (sign-in, sign-up, password and verification mails) per client IP. */
  perIp: Limit;
  /** Each sensitive operation per account and client IP; at sign-in from a known device, per account and device. */
  perAccountIp: Limit;
  /** Sign-in attempts on one account from every client that has not signed in to it before. */
  perAccount: Limit;
  /** Password-reset mails to one account, from anyone: more are not sent (the answer stays the same). */
  accountMails: Limit;
}

const TEN_MINUTES = 10 * 60_000;

export const defaultRateLimits: RateLimits = {
  global: { max: 1200, windowMs: 60_000 },
  perIp: { max: 100, windowMs: TEN_MINUTES },
  perAccountIp: { max: 10, windowMs: TEN_MINUTES },
  perAccount: { max: 50, windowMs: TEN_MINUTES },
  accountMails: { max: 5, windowMs: TEN_MINUTES },
};

/** A fixed-window counter: one hit on `key`, with the count so far and when the window ends. */
export interface HitStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
}

/**
 * Counters in this process. API nodes behind a load balancer each count on their own, so a
 * client may get up to N × max per window on N nodes; `PostgresHitStore` shares the counters
 * (the default of `buildApp` for the sensitive operations). Tests use this one for limits of their own.
 */
export class MemoryHitStore implements HitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  async hit(key: string, windowMs: number) {
    const now = this.now();
    let entry = this.windows.get(key);
    if (entry === undefined || entry.resetAt <= now) {
      if (this.windows.size >= this.maxKeys) this.prune(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { ...entry };
  }

  private prune(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    // Still full of live windows: forget the oldest rather than grow without bound.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/**
 * One hit in one statement: a new key starts a window, an ended window starts again at 1, and
 * concurrent hits on one key (from any node) are serialised by the row, so none is lost. Windows
 * run on the database's clock, the one clock every node shares.
 */
const hitStatement = defineStatement<{ count: number; reset_ms: number }>(
  'bf_rate_limit_hit',
  `insert into rate_limit_hits as h (key, count, reset_at)
   values ($1, 1, now() + $2::int * interval '1 millisecond')
   on conflict (key) do update set
     count = case when h.reset_at <= now() then 1 else h.count + 1 end,
     reset_at = case when h.reset_at <= now() then excluded.reset_at else h.reset_at end
   returning count, floor(extract(epoch from reset_at) * 1000)::float8 as reset_ms`,
);

const pruneStatement = defineStatement(
  'bf_rate_limit_prune',
  'delete from rate_limit_hits where reset_at <= now()',
);

/** How often a node deletes ended windows (each hit resets its own key's ended window anyway). */
const PRUNE_EVERY_MS = 10 * 60_000;

/** Counters in the database, shared by every API node on it (docs/architecture.md §4: nodes hold no state). */
export class PostgresHitStore implements HitStore {
  private prunedAt: number;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {
    this.prunedAt = now();
  }

  async hit(key: string, windowMs: number) {
    if (this.now() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = this.now();
      await runStatement(this.db, pruneStatement, []);
    }
    const [row] = await runStatement(this.db, hitStatement, [key, windowMs]);
    if (row === undefined) throw new Error('rate_limit_hits answered no row');
    return { count: row.count, resetAt: row.reset_ms };
  }
}

/** How long a node gathers the API's hits before it adds them to the shared counters. */
export const SHARED_FLUSH_MS = 50;

/** Many keys' hits added in one statement, in key order (two nodes lock the rows alike). */
const addHitsStatement = defineStatement<{ key: string; count: number; reset_ms: number }>(
  'bf_rate_limit_add',
  `insert into rate_limit_hits as h (key, count, reset_at)
   select t.key, t.hits, now() + $2::int * interval '1 millisecond'
     from json_to_recordset($1::json) as t(key text, hits int)
    order by t.key
   on conflict (key) do update set
     count = case when h.reset_at <= now() then excluded.count else h.count + excluded.count end,
     reset_at = case when h.reset_at <= now() then excluded.reset_at else h.reset_at end
   returning key, count, floor(extract(epoch from reset_at) * 1000)::float8 as reset_ms`,
);

interface SharedWindow {
  /** The count across every node, as the database last answered (this node's hits included). */
  shared: number;
  /** This node's hits on their way to the database. */
  sending: number;
  /** This node's hits since. */
  pending: number;
  resetAt: number;
}

/**
 * The API's flood guard counted across every node on one PostgreSQL, at next to no cost per
 * request: a hit is counted in memory at once (so the request waits for nothing) and a node adds
 * its hits to `rate_limit_hits` every SHARED_FLUSH_MS in one statement, learning the other nodes'
 * counts from its answer. A request is measured against the shared count plus this node's hits
 * not yet added, so N nodes let a client past the limit by at most what it sends in one flush
 * interval to each, not N × max. A failed flush loses its hits (the guard fails open: a database
 * that cannot count answers the requests themselves with 503 anyway).
 */
export class SharedWindowCounter {
  private readonly windows = new Map<string, SharedWindow>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private prunedAt: number;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly windowMs: number,
    private readonly options: { flushMs?: number; now?: () => number; maxKeys?: number } = {},
  ) {
    this.prunedAt = this.now();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  hit(key: string): { count: number; resetAt: number } {
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      if (window === undefined && this.windows.size >= (this.options.maxKeys ?? 50_000)) this.prune(now);
      window = { shared: 0, sending: 0, pending: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.pending += 1;
    this.schedule();
    return { count: window.shared + window.sending + window.pending, resetAt: window.resetAt };
  }

  private schedule(): void {
    if (this.timer !== undefined || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flushing.then(() => this.flush());
    }, this.options.flushMs ?? SHARED_FLUSH_MS);
    this.timer.unref();
  }

  /** Adds this node's pending hits to the shared counters and reads the others' back. */
  async flush(): Promise<void> {
    const batch: { key: string; hits: number }[] = [];
    for (const [key, window] of this.windows) {
      if (window.pending === 0) continue;
      batch.push({ key, hits: window.pending });
      window.sending = window.pending;
      window.pending = 0;
    }
    if (batch.length === 0) return;
    try {
      if (this.now() - this.prunedAt >= PRUNE_EVERY_MS) {
        this.prunedAt = this.now();
        await runStatement(this.db, pruneStatement, []);
      }
      const rows = await runStatement(this.db, addHitsStatement, [JSON.stringify(batch), this.windowMs]);
      for (const row of rows) {
        const window = this.windows.get(row.key);
        if (window === undefined) continue;
        window.shared = row.count;
        window.resetAt = row.reset_ms;
      }
    } catch {
      // Counted nowhere: see the class comment.
    } finally {
      for (const { key } of batch) {
        const window = this.windows.get(key);
        if (window !== undefined) window.sending = 0;
      }
    }
  }

  /** Sends what is pending and stops. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < (this.options.maxKeys ?? 50_000)) break;
      this.windows.delete(key);
    }
  }
}

/** @fastify/rate-limit's store interface over a SharedWindowCounter (keys are the client IPs). */
function sharedStore(counter: SharedWindowCounter, now: () => number = Date.now) {
  return class SharedStore {
    incr(ip: string, callback: (error: Error | null, result: { current: number; ttl: number }) => void) {
      const { count, resetAt } = counter.hit(`api:${ip}`);
      callback(null, { current: count, ttl: Math.max(0, resetAt - now()) });
    }
    child() {
      return this;
    }
  };
}

/**
 * The global per-IP limit, on every API route registered after this call; the app's HTML and
 * static files are never limited (a page load costs dozens of them, and a school or café behind
 * one address must not lose the site). With `shared` (a PostgreSQL server: several nodes may run
 * on it) the count is every node's (SharedWindowCounter); otherwise this process's (one node on
 * the embedded database), which costs nothing per request.
 */
export async function registerGlobalRateLimit(
  app: FastifyInstance,
  limit: Limit,
  shared?: Database,
): Promise<void> {
  const counter = shared === undefined ? undefined : new SharedWindowCounter(shared, limit.windowMs);
  if (counter !== undefined) app.addHook('onClose', async () => counter.close());
  await app.register(rateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.windowMs,
    ...(counter === undefined ? {} : { store: sharedStore(counter) }),
    // The route the router chose (its pattern), else the canonical URL (server/http/canonical-url.ts).
    allowList: (request) => !isApiUrl(request.routeOptions.url ?? request.url),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  });
}

function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
