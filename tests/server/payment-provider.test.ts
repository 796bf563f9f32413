import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { loggerOptions } from '../../server/http/log';
import { startupAnswers } from '../../server/render/startup-answers';
import { createTestApi } from './support/api';
import { createTestDatabase } from './support/db';
import { activeProducts, createCustomer, FORM, moneySnapshot, testRateLimits } from './support/money';

// One database for the apps of this file: each differs only in its settings, and a fresh database
// per app made a test outlast its timeout on a loaded machine.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());

/** An app as a deployed store without Stripe configured: PUBLIC_URL is not local, PAYMENT_PROVIDER unset. */
async function deployedWithoutStripe(logLines?: string[]) {
  return createTestApi({
    database,
    env: { PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: '' },
    rateLimits: testRateLimits,
    ...(logLines === undefined
      ? {}
      : { logger: loggerOptions('info', { write: (line: string) => logLines.push(line) }) }),
  });
}

describe('a deployed store without a payment provider', () => {
  it('answers top-ups and card checkouts with 503 and a clear message, writing nothing', async () => {
    const api = await deployedWithoutStripe();
    try {
      expect(api.config.payment).toEqual({ provider: 'none', because: 'not-configured' });
      const { db } = api.database;
      const customer = await createCustomer(db, { balanceMinor: 1_000_000 });
      const [product] = await activeProducts(db);
      if (product === undefined) throw new Error('no product');
      await api.call('addToCart', { token: customer.token, body: { id: product.id, count: 1 } });
      const before = await moneySnapshot(db);

      const topUp = await api.call('topUpBalance', {
        token: customer.token,
        body: { amount: 1_000_000, currency: 'EUR', payment_method: 'card' },
      });
      expect(topUp.status).toBe(503);
      expect(topUp.body).toEqual({
        status: 'ERROR',
        message: 'Card payments are not set up on this store yet.',
      });
      const card = await api.call('checkout', { token: customer.token, body: { payment_method: 'card' } });
      expect(card.status).toBe(503);
      expect(await moneySnapshot(db)).toEqual(before);

      // Coins already held still buy: only card payments are off.
      const balance = await api.call('checkout', {
        token: customer.token,
        body: { payment_method: 'balance' },
      });
      expect(balance.status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('has no sandbox: its page, its decisions and its webhook answer 404', async () => {
    const api = await deployedWithoutStripe();
    try {
      const params = { ref: 'pay_AbCdEfGh12345678' };
      expect((await api.call('sandboxPaymentPage', { params, query: { key: 'x'.repeat(43) } })).status).toBe(
        404,
      );
      const decision = await api.call('sandboxPaymentDecision', {
        params,
        query: { key: 'x'.repeat(43) },
        payload: 'choice=pay',
        contentType: FORM,
      });
      expect(decision.status).toBe(404);
      const hook = await api.call('paymentWebhook', {
        params: { provider: 'sandbox' },
        body: { id: 'sbx_evt_0123456789', type: 'payment.succeeded', payment_ref: params.ref, created: 1 },
      });
      expect(hook.status).toBe(404);
    } finally {
      await api.close();
    }
  });

  it('does not offer cards in the settings, on GET /settings and in the first screen', async () => {
    for (const env of [
      { PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: '' },
      { PUBLIC_URL: 'http://localhost:3000', PAYMENT_PROVIDER: 'none' },
    ]) {
      const api = await createTestApi({ database, env, rateLimits: testRateLimits });
      try {
        const settings = await api.call('getSettings');
        expect((settings.body as { payload: { payment_methods: string[] } }).payload.payment_methods).toEqual(
          ['balance'],
        );
        // What the server renders the first screen with (ADR 0021) says the same.
        const answers = startupAnswers(api.database.db, api.app.log, api.config.payment.provider !== 'none');
        const rendered = (await answers('/settings', new URLSearchParams())) as {
          payload: { payment_methods: string[] };
        };
        expect(rendered.payload.payment_methods).toEqual(['balance']);
      } finally {
        await api.close();
      }
    }
    const local = await createTestApi({
      database,
      env: { PUBLIC_URL: 'http://localhost:3000', PAYMENT_PROVIDER: '' },
    });
    try {
      const settings = await local.call('getSettings');
      expect((settings.body as { payload: { payment_methods: string[] } }).payload.payment_methods).toEqual([
        'balance',
        'card',
      ]);
    } finally {
      await local.close();
    }
  });

  it('still shows the operator the stored methods, card included, so a save does not drop it', async () => {
    const api = await deployedWithoutStripe();
    try {
      const operator = await createCustomer(api.database.db);
      await api.database.db.update(users).set({ role: 'operator' }).where(eq(users.id, operator.id));
      const stored = await api.call('getOperatorSettings', { token: operator.token });
      expect((stored.body as { payload: { payment_methods: string[] } }).payload.payment_methods).toEqual([
        'balance',
        'card',
      ]);
      const offered = await api.call('getSettings');
      expect((offered.body as { payload: { payment_methods: string[] } }).payload.payment_methods).toEqual([
        'balance',
      ]);
    } finally {
      await api.close();
    }
  });

  it('says so in the start log', async () => {
    const lines: string[] = [];
    const api = await deployedWithoutStripe(lines);
    await api.close();
    const warning = lines.map((line) => JSON.parse(line)).find((entry) => /payments: none/.test(entry.msg));
    expect(warning).toMatchObject({ level: 40 });
    expect(warning.msg).toContain('STRIPE_SECRET_KEY');
  });
});

describe('the sandbox', () => {
  it('announces itself with a loud warning in the start log', async () => {
    for (const [env, why] of [
      [{ PUBLIC_URL: 'http://localhost:3000', PAYMENT_PROVIDER: '' }, '(PUBLIC_URL is local)'],
      [
        { PUBLIC_URL: 'https://staging.example.com', PAYMENT_PROVIDER: 'sandbox' },
        '(PAYMENT_PROVIDER=sandbox)',
      ],
    ] as const) {
      const lines: string[] = [];
      const api = await createTestApi({
        database,
        env,
        logger: loggerOptions('info', { write: (line: string) => lines.push(line) }),
      });
      await api.close();
      const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      const loud = entries.find((entry) => entry.msg.includes('SANDBOX PAYMENTS'));
      expect(loud?.level, why).toBe(40);
      expect(loud?.msg).toContain(why);
      expect(loud?.msg).toContain('any signed-in customer can add coins for free');
    }
  });
});
