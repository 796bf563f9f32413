import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
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
 * (the default of `buildApp`). Tests use this one for limits of their own.
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

/** Counters in the database, shared by every API node on it (DESIGN §4: nodes hold no state). */
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

/**
 * The global per-IP limit, on every API route registered after this call; the app's HTML and
 * static files are never limited (a page load costs dozens of them, and a school or café behind
 * one address must not lose the site). Its counters stay in this process: the limit runs on every
 * API request, including the cheapest, so it must cost next to nothing, and it is a flood guard for
 * each node (a load balancer in front spreads a client's requests, so N nodes allow up to N × max),
 * not a limit a client could exploit by spreading requests, as the sensitive operations' limits
 * would be (those are shared through the database).
 */
export async function registerGlobalRateLimit(app: FastifyInstance, limit: Limit): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.windowMs,
    // The route the router chose (its pattern), else the canonical URL (server/http/canonical-url.ts).
    allowList: (request) => !isApiUrl(request.routeOptions.url ?? request.url),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  });
}

function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
