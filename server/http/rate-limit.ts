import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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
 * client may get up to N × max per window on N nodes; `PostgresHitStore` shares the counters.
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

/** The global per-IP limit, on every route registered after this call. */
export async function registerGlobalRateLimit(app: FastifyInstance, limit: Limit): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  });
}
