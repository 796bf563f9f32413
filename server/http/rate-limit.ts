import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../db/client';
import { defineStatement, runStatement } from '../db/statement';
import { t } from '../i18n/messages';
import { HttpError } from './errors';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Every request, per client IP: a flood guard, generous enough for any real customer. */
  global: Limit;
  /** Sign-in, sign-up and the password and verification mails, per client IP. */
  perIp: Limit;
  /** The same operations per account (email address, or the signed-in customer). */
  perAccount: Limit;
}

export const defaultRateLimits: RateLimits = {
  global: { max: 600, windowMs: 60_000 },
  perIp: { max: 30, windowMs: 10 * 60_000 },
  perAccount: { max: 10, windowMs: 10 * 60_000 },
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

function tooManyRequests(request: FastifyRequest, resetAt: number, now: number): HttpError {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return new HttpError(429, t(request.locale, 'error.tooManyRequests'), undefined, {
    'retry-after': String(seconds),
  });
}

function field(request: FastifyRequest, name: string): string | undefined {
  const body = request.body as Record<string, unknown> | null | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}

/** The operations that send mail or check a password, and the account each one is about. */
export const ACCOUNT_OF: Record<string, (request: FastifyRequest) => string | undefined> = {
  login: (request) => field(request, 'username'),
  register: (request) => field(request, 'email'),
  requestPasswordReset: (request) => field(request, 'email'),
  restorePassword: (request) => field(request, 'email'),
  resendVerification: (request) => (request.auth ? `user:${request.auth.user.id}` : undefined),
};

export interface SensitiveLimiters {
  /** Runs first, before the body is looked at. */
  perIp: preHandlerAsyncHookHandler;
  /** Runs once the body is valid and the session known. */
  perAccount: preHandlerAsyncHookHandler;
}

/** Both limits of one sensitive operation, or undefined for an ordinary operation. */
export function sensitiveLimiters(
  operationId: string,
  store: HitStore,
  limits: RateLimits,
  now: () => number = Date.now,
): SensitiveLimiters | undefined {
  const accountOf = ACCOUNT_OF[operationId];
  if (accountOf === undefined) return undefined;
  const check = async (request: FastifyRequest, key: string, limit: Limit) => {
    const { count, resetAt } = await store.hit(key, limit.windowMs);
    if (count > limit.max) throw tooManyRequests(request, resetAt, now());
  };
  return {
    perIp: (request) => check(request, `${operationId}:ip:${request.ip}`, limits.perIp),
    perAccount: async (request) => {
      const account = accountOf(request);
      if (account !== undefined) await check(request, `${operationId}:account:${account}`, limits.perAccount);
    },
  };
}

/**
 * The global per-IP limit, on every route registered after this call. Its counters stay in this
 * process: the limit runs on every request, including the cheapest, so it must cost next to
 * nothing, and it is a flood guard for each node (a load balancer in front spreads a client's
 * requests, so N nodes allow up to N × max), not a limit a client could exploit by spreading
 * requests, as the sensitive operations' limits would be.
 */
export async function registerGlobalRateLimit(app: FastifyInstance, limit: Limit): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  });
}
