import type {
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { deviceCookieAfterSignIn, deviceSecret, deviceTokensIn, knownDeviceOf } from '../auth/device-trust';
import { t } from '../i18n/messages';
import { HttpError } from './errors';
import type { HitStore, Limit, RateLimits } from './rate-limit';

/**
 * The limits of the operations that check a password or send mail (ADR 0015). None of them lets
 * a stranger deny the owner: what a stranger can exhaust is counted per address (theirs), and
 * what is counted per account either spares the owner's known devices (sign-in) or refuses
 * nothing (reset mails: the answer stays the same, no further mail is sent, and the links already
 * sent still work).
 *
 * - every operation: per client IP (`perIp`), before the body is validated; never a sign-in from a
 *   device that signed in to the account it names before;
 * - every operation: per account and client IP (`perAccountIp`);
 * - sign-in: per account from clients that have not signed in to it before (`perAccount`); a
 *   known device (device token) counts per account and device instead (`perAccountIp`);
 * - password reset and sign-in link: mails per account (`accountMails`), quietly;
 * - verification mail, data export and account deletion: per signed-in customer (`perAccount`),
 *   refused (only they can ask; the last two check the password typed again).
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The account's mail budget is spent: answer as usual, send nothing. */
    mailBudgetSpent: boolean;
  }
}

type AccountLimit = 'unknown-devices' | 'quiet-mails' | 'refuse' | 'none';

interface Policy {
  /** The account the request is about (normalized email, or the signed-in customer). */
  account(request: FastifyRequest): string | undefined;
  perAccount: AccountLimit;
  /** A success signs the client in: it gets the device token for the account. */
  marksDevice?: boolean;
}

function field(request: FastifyRequest, name: string): string | undefined {
  const body = request.body as Record<string, unknown> | null | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}

/** What only a signed-in customer can ask for is counted per customer. */
const signedInCustomer = (request: FastifyRequest) =>
  request.auth ? `user:${request.auth.user.id}` : undefined;

const POLICIES: Record<string, Policy> = {
  login: {
    account: (request) => field(request, 'username'),
    perAccount: 'unknown-devices',
    marksDevice: true,
  },
  // The way in for a new device while its password sign-ins are throttled: a mail budgeted like
  // reset mails, and a link of 256 random bits, not guessable, so no per-account limit that a
  // stranger could spend (ADR 0015).
  requestLoginLink: { account: (request) => field(request, 'email'), perAccount: 'quiet-mails' },
  confirmLoginLink: { account: (request) => field(request, 'email'), perAccount: 'none', marksDevice: true },
  register: { account: (request) => field(request, 'email'), perAccount: 'none' },
  requestPasswordReset: { account: (request) => field(request, 'email'), perAccount: 'quiet-mails' },
  restorePassword: { account: (request) => field(request, 'email'), perAccount: 'none' },
  checkPasswordResetLink: { account: (request) => field(request, 'email'), perAccount: 'none' },
  resendVerification: {
    account: signedInCustomer,
    perAccount: 'refuse',
  },
  // The password typed again: a session left open must not become a way to guess it.
  exportAccountData: {
    account: signedInCustomer,
    perAccount: 'refuse',
  },
  deleteAccount: {
    account: signedInCustomer,
    perAccount: 'refuse',
  },
};

export function isSensitiveOperation(operationId: string): boolean {
  return operationId in POLICIES;
}

function tooManyRequests(request: FastifyRequest, resetAt: number, now: number): HttpError {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return new HttpError(429, t(request.locale, 'error.tooManyRequests'), undefined, {
    'retry-after': String(seconds),
  });
}

export interface SensitiveLimiters {
  /** Runs first, before the body is validated. */
  perIp: preValidationAsyncHookHandler;
  /** Runs once the body is valid and the session known. */
  perAccount: preHandlerAsyncHookHandler;
  /** Hands a device token to a client that just signed in (password or emailed link). */
  onSend?: onSendAsyncHookHandler;
}

export interface SensitiveLimitOptions {
  store: HitStore;
  limits: RateLimits;
  /** Whether the device cookie may only travel over HTTPS (PUBLIC_URL is https). */
  secureCookies: boolean;
  now?: () => number;
}

/** The limiters of one sensitive operation, or undefined for an ordinary operation. */
export function sensitiveLimiters(
  operationId: string,
  options: SensitiveLimitOptions,
): SensitiveLimiters | undefined {
  const policy = POLICIES[operationId];
  if (policy === undefined) return undefined;
  const { store, limits } = options;
  const now = options.now ?? Date.now;
  const hit = async (key: string, limit: Limit) => {
    const { count, resetAt } = await store.hit(`${operationId}:${key}`, limit.windowMs);
    return { over: count > limit.max, resetAt };
  };
  const check = async (request: FastifyRequest, key: string, limit: Limit) => {
    const { over, resetAt } = await hit(key, limit);
    if (over) throw tooManyRequests(request, resetAt, now());
  };

  /** The device token's id when the client signed in to the account it names before (sign-in only). */
  const knownDevice = async (request: FastifyRequest, account: string | undefined) => {
    if (policy.perAccount !== 'unknown-devices' || account === undefined) return undefined;
    const tokens = deviceTokensIn(request.headers.cookie);
    if (tokens.length === 0) return undefined;
    return knownDeviceOf(await deviceSecret(request.server.ctx.db), account, tokens);
  };

  const perAccount: preHandlerAsyncHookHandler = async (request) => {
    const account = policy.account(request);
    if (account === undefined) return;
    if (policy.perAccount === 'unknown-devices') {
      const device = await knownDevice(request, account);
      if (device !== undefined)
        return check(request, `account-device:${account}:${device}`, limits.perAccountIp);
      await check(request, `account-ip:${account}:${request.ip}`, limits.perAccountIp);
      return check(request, `account:${account}`, limits.perAccount);
    }
    await check(request, `account-ip:${account}:${request.ip}`, limits.perAccountIp);
    if (policy.perAccount === 'refuse') return check(request, `account:${account}`, limits.perAccount);
    if (policy.perAccount === 'quiet-mails') {
      request.mailBudgetSpent = (await hit(`mails:${account}`, limits.accountMails)).over;
    }
  };

  const onSend: onSendAsyncHookHandler | undefined =
    policy.marksDevice === true
      ? async (request: FastifyRequest, reply: FastifyReply, payload) => {
          const account = policy.account(request);
          if (reply.statusCode !== 200 || account === undefined) return payload;
          const secret = await deviceSecret(request.server.ctx.db);
          const tokens = deviceTokensIn(request.headers.cookie);
          reply.header('set-cookie', deviceCookieAfterSignIn(secret, account, tokens, options.secureCookies));
          return payload;
        }
      : undefined;

  return {
    // A known device is never counted per address: a stranger behind the same address (a school,
    // a carrier's NAT) could otherwise spend the address's budget and lock the owner out of it.
    perIp: async (request) => {
      if ((await knownDevice(request, policy.account(request))) !== undefined) return;
      return check(request, `ip:${request.ip}`, limits.perIp);
    },
    perAccount,
    ...(onSend === undefined ? {} : { onSend }),
  };
}
