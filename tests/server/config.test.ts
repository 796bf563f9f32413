import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

function errorOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('has defaults for everything optional', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Blockfront <no-reply@localhost>',
      payment: { provider: 'sandbox', webhookSecret: undefined, because: 'local' },
      migrationsDir: undefined,
      trustProxy: false,
      rateLimitMax: {},
      delivery: {
        playerNames: { bedrockPrefix: '.', offlineNames: false },
        leaseMs: 60_000,
        maxLeases: 5,
      },
      paymentPendingTimeoutMs: 30 * 60_000,
    });
  });

  it('reads how long a card payment may stay pending, in seconds, and refuses what is not one', () => {
    expect(loadConfig({ PAYMENT_PENDING_TIMEOUT_SECONDS: '90' }).paymentPendingTimeoutMs).toBe(90_000);
    expect(loadConfig({ PAYMENT_PENDING_TIMEOUT_SECONDS: '' }).paymentPendingTimeoutMs).toBe(1_800_000);
    for (const wrong of ['0', '-5', '1.5', 'soon']) {
      expect(() => loadConfig({ PAYMENT_PENDING_TIMEOUT_SECONDS: wrong })).toThrow(
        /PAYMENT_PENDING_TIMEOUT_SECONDS .*whole number of seconds/,
      );
    }
  });

  it('reads the rate limits an operator sets, and refuses what is not a count', () => {
    expect(
      loadConfig({
        RATE_LIMIT_API: '5000',
        RATE_LIMIT_AUTH_PER_IP: '300',
        RATE_LIMIT_AUTH_PER_ACCOUNT_IP: '20',
        RATE_LIMIT_AUTH_PER_ACCOUNT: '80',
      }).rateLimitMax,
    ).toEqual({ global: 5000, perIp: 300, perAccountIp: 20, perAccount: 80 });
    expect(loadConfig({ RATE_LIMIT_API: '' }).rateLimitMax).toEqual({});
  });

  it('reads the delivery settings, and refuses a prefix that could be part of a command', () => {
    expect(
      loadConfig({
        PLAYER_BEDROCK_PREFIX: 'none',
        PLAYER_OFFLINE_NAMES: 'true',
        DELIVERY_LEASE_SECONDS: '30',
        DELIVERY_MAX_LEASES: '3',
      }).delivery,
    ).toEqual({ playerNames: { bedrockPrefix: null, offlineNames: true }, leaseMs: 30_000, maxLeases: 3 });
    expect(loadConfig({ PLAYER_BEDROCK_PREFIX: '*' }).delivery.playerNames.bedrockPrefix).toBe('*');
    for (const prefix of [';', ' ', 'ab', '{']) {
      expect(() => loadConfig({ PLAYER_BEDROCK_PREFIX: prefix })).toThrow(/PLAYER_BEDROCK_PREFIX/);
    }
    expect(() => loadConfig({ DELIVERY_MAX_LEASES: '0' })).toThrow(/DELIVERY_MAX_LEASES/);
    for (const value of ['0', '-1', '1.5', 'lots']) {
      expect(errorOf({ RATE_LIMIT_API: value })).toContain(
        `RATE_LIMIT_API (got '${value}'): must be a whole number of requests, at least 1`,
      );
    }
  });

  it.each([
    ['true', true],
    ['false', false],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['loopback,fd00::/8,::1', ['loopback', 'fd00::/8', '::1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '2', '10.0.0.0/33', '10.0.0.1,proxy.internal', '::1/129', '1.5', '10.0.0.0/8/8'])(
    'rejects TRUST_PROXY=%s',
    (value) => {
      expect(errorOf({ TRUST_PROXY: value })).toContain(
        `TRUST_PROXY (got '${value}'): must be true, false, or the proxies' addresses and CIDR ranges`,
      );
    },
  );

  it('reads every variable and treats empty values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/blockfront',
      DATABASE_URL: 'postgresql://shop:secret@db.internal:5432/shop',
      PUBLIC_URL: 'https://shop.example.com/',
      SMTP_URL: 'smtp://mailer:pw@mail.example.com:587',
      MAIL_FROM: 'Shop <no-reply@shop.example.com>',
      SANDBOX_WEBHOOK_SECRET: '',
      MIGRATIONS_DIR: '/opt/blockfront/migrations',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/blockfront',
      databaseUrl: 'postgresql://shop:secret@db.internal:5432/shop',
      publicUrl: 'https://shop.example.com',
      smtpUrl: 'smtp://mailer:pw@mail.example.com:587',
      mailFrom: 'Shop <no-reply@shop.example.com>',
      payment: { provider: 'none', because: 'not-configured' },
      migrationsDir: '/opt/blockfront/migrations',
    });
  });

  it('derives PUBLIC_URL from PORT', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it.each(['abc', '0', '70000', '3000.5', '-1'])('rejects PORT=%s', (port) => {
    expect(errorOf({ PORT: port })).toContain(
      `PORT (got '${port}'): must be a whole number between 1 and 65535`,
    );
  });

  it.each(['mysql://user:hunter2@localhost/shop', 'hunter2 is not a url', 'postgres://:hunter2@/shop'])(
    'rejects DATABASE_URL=%s without echoing it',
    (url) => {
      const message = errorOf({ DATABASE_URL: url });
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).not.toContain('hunter2');
    },
  );

  it('rejects a PUBLIC_URL that is not http(s), an SMTP_URL that is not smtp and an unknown provider', () => {
    const message = errorOf({
      PUBLIC_URL: 'ftp://example.com',
      SMTP_URL: 'http://mail',
      PAYMENT_PROVIDER: 'paypal',
    });
    expect(message).toContain('PUBLIC_URL: must be an absolute http:// or https:// URL');
    expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(message).toContain("PAYMENT_PROVIDER (got 'paypal'): must be 'sandbox', 'stripe' or 'none'");
  });

  it('requires both Stripe keys when PAYMENT_PROVIDER=stripe and lists every problem at once', () => {
    const message = errorOf({ PAYMENT_PROVIDER: 'stripe', PORT: 'x' });
    expect(message.split('\n')).toEqual([
      'Invalid configuration in the environment:',
      "- PORT (got 'x'): must be a whole number between 1 and 65535",
      '- STRIPE_SECRET_KEY: is required for Stripe (PAYMENT_PROVIDER=stripe)',
      '- STRIPE_WEBHOOK_SECRET: is required for Stripe (PAYMENT_PROVIDER=stripe, or STRIPE_SECRET_KEY set)',
    ]);
  });

  it('checks the shape of Stripe keys without echoing them', () => {
    const message = errorOf({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'abc',
    });
    expect(message).toContain('STRIPE_SECRET_KEY: must be a Stripe secret key');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret (whsec_…)');
    expect(message).not.toContain('pk_test_123');
  });

  it('accepts Stripe with its keys', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(config.payment).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
    });
  });

  it('requires a long sandbox webhook secret when one is given', () => {
    expect(errorOf({ SANDBOX_WEBHOOK_SECRET: 'short' })).toContain(
      'SANDBOX_WEBHOOK_SECRET: must be at least 32 characters long',
    );
    const secret = 'x'.repeat(32);
    expect(loadConfig({ SANDBOX_WEBHOOK_SECRET: secret }).payment).toEqual({
      provider: 'sandbox',
      webhookSecret: secret,
      because: 'local',
    });
  });

  describe('the payment provider', () => {
    const provider = (env: NodeJS.ProcessEnv) => loadConfig(env).payment;

    it.each([
      'http://localhost:3000',
      'http://127.0.0.1:41234',
      'http://127.8.9.10',
      'http://shop.localhost:8080',
      'http://[::1]:3000',
    ])('is the sandbox on a local PUBLIC_URL (%s), the one-command demo', (url) => {
      expect(provider({ PUBLIC_URL: url })).toEqual({
        provider: 'sandbox',
        webhookSecret: undefined,
        because: 'local',
      });
    });

    it.each([
      'https://shop.example.com',
      'http://192.168.1.20:3000',
      'http://10.0.0.5',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
    ])('is none on a deployed PUBLIC_URL (%s) without Stripe: never a silent sandbox', (url) => {
      expect(provider({ PUBLIC_URL: url })).toEqual({ provider: 'none', because: 'not-configured' });
    });

    it('is the sandbox anywhere when asked for by name', () => {
      expect(provider({ PUBLIC_URL: 'https://staging.example.com', PAYMENT_PROVIDER: 'sandbox' })).toEqual({
        provider: 'sandbox',
        webhookSecret: undefined,
        because: 'explicit',
      });
    });

    it('is Stripe when its key is set, on any PUBLIC_URL, and its webhook secret is then required', () => {
      const keys = { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
      expect(provider({ PUBLIC_URL: 'https://shop.example.com', ...keys })).toEqual({
        provider: 'stripe',
        secretKey: 'sk_live_abc',
        webhookSecret: 'whsec_abc',
      });
      expect(provider({ PUBLIC_URL: 'http://localhost:3000', ...keys }).provider).toBe('stripe');
      expect(errorOf({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toContain('- STRIPE_WEBHOOK_SECRET: is required');
    });

    it('is none when PAYMENT_PROVIDER=none, even on localhost', () => {
      expect(provider({ PAYMENT_PROVIDER: 'none' })).toEqual({ provider: 'none', because: 'explicit' });
    });
  });

  it('rejects a MAIL_FROM without an address', () => {
    expect(errorOf({ MAIL_FROM: 'Blockfront' })).toContain(
      "MAIL_FROM (got 'Blockfront'): must be an address",
    );
  });
});
