import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { BEDROCK_PREFIX_PATTERN, type PlayerNameRules } from '../domain/player-name';

/**
 * Server configuration, read once from the environment.
 *
 * HOST defaults to 127.0.0.1: a fresh store is a local demo, not exposed to the network unless the
 * operator asks for it (HOST=0.0.0.0 in containers and behind a load balancer).
 *
 * PAYMENT_PROVIDER: the sandbox lets anyone "pay", so it never runs on a deployed store by
 * default. Unset, the provider is Stripe when STRIPE_SECRET_KEY is set, else the sandbox when
 * PUBLIC_URL is local (localhost, 127.x.x.x, ::1: the one-command demo), else none: card payments
 * answer 503 until the operator configures Stripe or sets PAYMENT_PROVIDER=sandbox on purpose.
 *
 * SANDBOX_WEBHOOK_SECRET is optional: when unset, the server keeps a random secret in the
 * database (see server/db/secrets.ts), so it is stable across restarts and shared by every
 * API node that uses the same database.
 *
 * TRUST_PROXY says which X-Forwarded-For hops to believe for the client IP, which the rate limits
 * count by; it is handed to Fastify's `trustProxy`. `false` (default): the peer address is the
 * client. `true`: the left-most address of X-Forwarded-For, which a client can forge, so only
 * behind a proxy that overwrites the header. Otherwise a comma-separated list of the proxies'
 * addresses or CIDR ranges (or `loopback`, `linklocal`, `uniquelocal`): hops from those are
 * skipped and the first other address is the client; the safest choice. A hop count is not
 * offered: Fastify 5 no longer honours one (it trusts no hop for a number).
 */

/** How long a card payment may stay pending before the server expires it (ADR 0028): 30 minutes. */
export const DEFAULT_PAYMENT_PENDING_TIMEOUT_SECONDS = 30 * 60;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const port = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number between 1 and 65535')
    .transform(Number)
    .refine((value) => value >= 1 && value <= 65535, 'must be a whole number between 1 and 65535')
    .default(3000),
);

const httpUrl = (what: string) =>
  z
    .string()
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, `must be an absolute http:// or https:// URL of ${what}`)
    .transform((value) => value.replace(/\/+$/, ''));

const databaseUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be a postgres:// or postgresql:// URL with a host, e.g. postgres://user:password@127.0.0.1:5432/blockfront');

const smtpUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'smtp:' || url.protocol === 'smtps:';
  } catch {
    return false;
  }
}, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587');

/** Fastify's `trustProxy`, in the forms TRUST_PROXY accepts. */
export type TrustProxy = boolean | string[];

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .transform((value, ctx): TrustProxy => {
      const text = value.trim();
      if (text === 'true' || text === 'false') return text === 'true';
      const entries = text.split(',').map((entry) => entry.trim());
      const wrong = entries.filter((entry) => !isProxyAddress(entry));
      if (wrong.length === 0) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, or the proxies' addresses and CIDR ranges separated by commas (e.g. 10.0.0.0/8,127.0.0.1); not valid: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    })
    .default(false),
);

const limitMax = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number of requests, at least 1')
    .transform(Number)
    .refine((value) => value >= 1, 'must be a whole number of requests, at least 1')
    .optional(),
);

/** Whether a URL points at this machine: the sandbox may run there without being asked to. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

type ProviderChoice = { PAYMENT_PROVIDER?: 'sandbox' | 'stripe' | 'none'; STRIPE_SECRET_KEY?: string };

/** The provider PAYMENT_PROVIDER names, or, unset, Stripe when its key is set (the rest is decided by PUBLIC_URL). */
function providerOf(env: ProviderChoice): 'sandbox' | 'stripe' | 'none' | undefined {
  return env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : undefined);
}

const wholeNumber = (what: string, min: number, max: number) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{1,9}$/, `must be a whole number of ${what} between ${min} and ${max}`)
      .transform(Number)
      .refine(
        (value) => value >= min && value <= max,
        `must be a whole number of ${what} between ${min} and ${max}`,
      )
      .optional(),
  );

const envSchema = z
  .object({
    PORT: port,
    HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('127.0.0.1')),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
    DATABASE_URL: z.preprocess(emptyAsUndefined, databaseUrl.optional()),
    PUBLIC_URL: z.preprocess(emptyAsUndefined, httpUrl('the site as customers reach it').optional()),
    SMTP_URL: z.preprocess(emptyAsUndefined, smtpUrl.optional()),
    MAIL_FROM: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(
          /^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/,
          'must be an address, e.g. Shop <no-reply@example.com>',
        )
        .default('Blockfront <no-reply@localhost>'),
    ),
    PAYMENT_PROVIDER: z.preprocess(
      emptyAsUndefined,
      z.enum(['sandbox', 'stripe', 'none'], { error: "must be 'sandbox', 'stripe' or 'none'" }).optional(),
    ),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    SANDBOX_WEBHOOK_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(32, 'must be at least 32 characters long').optional(),
    ),
    MIGRATIONS_DIR: optionalString,
    TRUST_PROXY: trustProxy,
    RATE_LIMIT_API: limitMax,
    RATE_LIMIT_AUTH_PER_IP: limitMax,
    RATE_LIMIT_AUTH_PER_ACCOUNT_IP: limitMax,
    RATE_LIMIT_AUTH_PER_ACCOUNT: limitMax,
    PLAYER_BEDROCK_PREFIX: z
      .string()
      .refine(
        (value) => value === '' || value === 'none' || BEDROCK_PREFIX_PATTERN.test(value),
        "must be one or two of . * ! ~ + # - (the prefix of Bedrock players' names), or 'none'",
      )
      .optional(),
    PLAYER_OFFLINE_NAMES: z.preprocess(
      emptyAsUndefined,
      z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('false'),
    ),
    DELIVERY_MAX_LEASES: wholeNumber('leases', 1, 1000),
    DELIVERY_LEASE_SECONDS: wholeNumber('seconds', 5, 3600),
    PAYMENT_PENDING_TIMEOUT_SECONDS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\d{1,7}$/, 'must be a whole number of seconds, at least 1')
        .transform(Number)
        .refine((value) => value >= 1, 'must be a whole number of seconds, at least 1')
        .default(DEFAULT_PAYMENT_PENDING_TIMEOUT_SECONDS),
    ),
  })
  .superRefine((env, ctx) => {
    if (providerOf(env) !== 'stripe') return;
    if (!env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'is required for Stripe (PAYMENT_PROVIDER=stripe)',
      });
    } else if (!/^(sk|rk)_(test|live)_/.test(env.STRIPE_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)',
      });
    }
    if (!env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required for Stripe (PAYMENT_PROVIDER=stripe, or STRIPE_SECRET_KEY set)',
      });
    } else if (!env.STRIPE_WEBHOOK_SECRET.startsWith('whsec_')) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'must be a Stripe webhook signing secret (whsec_…)',
      });
    }
  });

export type PaymentConfig =
  | {
      provider: 'sandbox';
      webhookSecret: string | undefined;
      /** Why it runs: PAYMENT_PROVIDER=sandbox, or unset on a local PUBLIC_URL. */
      because: 'explicit' | 'local';
    }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string }
  /** No card payments: a deployed store (PUBLIC_URL not local) without Stripe, or PAYMENT_PROVIDER=none. */
  | { provider: 'none'; because: 'explicit' | 'not-configured' };

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory (embedded database, outbox). */
  dataDir: string;
  /** Set: PostgreSQL through node-postgres. Unset: embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Origin customers use, without a trailing slash; links in emails start with it. */
  publicUrl: string;
  /** Unset: emails are written to `<dataDir>/outbox/`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  payment: PaymentConfig;
  /** Override for the folder of SQL migrations (default: next to the server code). */
  migrationsDir: string | undefined;
  /** Which X-Forwarded-For hops to believe for the client IP (Fastify's `trustProxy`). */
  trustProxy: TrustProxy;
  /** The operator's maxima for the rate limits (server/http/rate-limit.ts), by limit; windows are fixed. */
  rateLimitMax: Partial<Record<'global' | 'perIp' | 'perAccountIp' | 'perAccount', number>>;
  delivery: DeliveryConfig;
  /** A card payment still pending after this long is expired by the server's sweep (ADR 0028). */
  paymentPendingTimeoutMs: number;
}

/**
 * Delivery to game servers (ADR 0031). PLAYER_BEDROCK_PREFIX: the prefix the network's proxy gives
 * Bedrock players (default `.`; `none` when it takes none). PLAYER_OFFLINE_NAMES=true allows
 * offline-mode names. DELIVERY_LEASE_SECONDS (default 60): how long an agent holds a lease.
 * DELIVERY_MAX_LEASES (default 5): after that many leases that expired unstarted, a delivery is failed.
 */
export interface DeliveryConfig {
  playerNames: PlayerNameRules;
  leaseMs: number;
  maxLeases: number;
}

function paymentConfig(
  env: ProviderChoice & { STRIPE_WEBHOOK_SECRET?: string; SANDBOX_WEBHOOK_SECRET?: string },
  publicUrl: string,
): PaymentConfig {
  const chosen = providerOf(env);
  if (chosen === 'stripe') {
    return {
      provider: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY ?? '',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    };
  }
  if (chosen === 'none') return { provider: 'none', because: 'explicit' };
  if (chosen === 'sandbox' || isLocalUrl(publicUrl)) {
    return {
      provider: 'sandbox',
      webhookSecret: env.SANDBOX_WEBHOOK_SECRET,
      because: chosen === 'sandbox' ? 'explicit' : 'local',
    };
  }
  return { provider: 'none', because: 'not-configured' };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const given = env[name];
      const shown = given === undefined || /SECRET|KEY|URL/.test(name) ? '' : ` (got '${given}')`;
      return `- ${name}${shown}: ${issue.message}`;
    });
    throw new Error(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    payment: paymentConfig(e, publicUrl),
    migrationsDir: e.MIGRATIONS_DIR === undefined ? undefined : path.resolve(e.MIGRATIONS_DIR),
    trustProxy: e.TRUST_PROXY,
    delivery: {
      playerNames: {
        bedrockPrefix:
          e.PLAYER_BEDROCK_PREFIX === undefined
            ? '.'
            : e.PLAYER_BEDROCK_PREFIX === '' || e.PLAYER_BEDROCK_PREFIX === 'none'
              ? null
              : e.PLAYER_BEDROCK_PREFIX,
        offlineNames: e.PLAYER_OFFLINE_NAMES === 'true',
      },
      leaseMs: (e.DELIVERY_LEASE_SECONDS ?? 60) * 1000,
      maxLeases: e.DELIVERY_MAX_LEASES ?? 5,
    },
    paymentPendingTimeoutMs: e.PAYMENT_PENDING_TIMEOUT_SECONDS * 1000,
    rateLimitMax: Object.fromEntries(
      Object.entries({
        global: e.RATE_LIMIT_API,
        perIp: e.RATE_LIMIT_AUTH_PER_IP,
        perAccountIp: e.RATE_LIMIT_AUTH_PER_ACCOUNT_IP,
        perAccount: e.RATE_LIMIT_AUTH_PER_ACCOUNT,
      }).filter(([, max]) => max !== undefined),
    ),
  };
}
