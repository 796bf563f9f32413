// Providers deliver webhooks at least once and in no particular order (docs/decisions/0014): whatever
// mix of new events and redeliveries arrives, one after another or all at once, a top-up is
// credited at most once, exactly when it ends paid, and the first outcome delivered decides.
// Runs on PGlite in `npm test` and on PostgreSQL in `npm run test:postgres` (real concurrency).
import { fc, it } from '@fast-check/vitest';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { executeRows } from '../../server/db/client';
import { payments } from '../../server/db/schema';
import { insertPayment } from '../../server/payments/payments';
import { newSandboxEvent, signSandboxBody } from '../../server/payments/sandbox';
import { createTestApi, type TestApi } from './support/api';
import { cachedBalance, createCustomer, ledgerMismatches, testRateLimits } from './support/money';
import { stripeEvent } from './support/stripe-events';

const SANDBOX_SECRET = 'order-sandbox-secret-0123456789abcdef';
const STRIPE_SECRET = 'whsec_test_0123456789abcdefghijklmnopqrstuv';
const COINS = 2_000;
const RUNS = Number(process.env.WEBHOOK_ORDER_RUNS ?? 25);
const now = () => Math.floor(Date.now() / 1000);

interface Delivery {
  raw: string;
  headers: Record<string, string>;
  /** What the event means for the payment. */
  outcome: 'succeeded' | 'failed' | 'ignored';
}

interface Provider {
  name: 'sandbox' | 'stripe';
  env: Record<string, string>;
  /** The event kinds of this provider, each as a fresh event (its own id) for the payment. */
  kinds: string[];
  event(kind: string, ref: string): Delivery;
}

const sandbox: Provider = {
  name: 'sandbox',
  env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET },
  kinds: ['payment.succeeded', 'payment.failed'],
  event(kind, ref) {
    const raw = JSON.stringify(newSandboxEvent(kind as 'payment.succeeded', ref, now()));
    return {
      raw,
      headers: { 'blockfront-signature': signSandboxBody(SANDBOX_SECRET, raw, now()) },
      outcome: kind === 'payment.succeeded' ? 'succeeded' : 'failed',
    };
  },
};

const STRIPE_OUTCOMES: Record<string, Delivery['outcome']> = {
  'checkout.session.completed': 'succeeded',
  'checkout.session.completed.unpaid': 'ignored',
  'checkout.session.async_payment_succeeded': 'succeeded',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'failed',
};

const stripe: Provider = {
  name: 'stripe',
  env: {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_51Fake',
    STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
  },
  kinds: Object.keys(STRIPE_OUTCOMES),
  event(kind, ref) {
    const { raw, signature } = stripeEvent(kind, ref, STRIPE_SECRET);
    return { raw, headers: { 'stripe-signature': signature }, outcome: STRIPE_OUTCOMES[kind] ?? 'ignored' };
  },
};

/** A delivery plan: fresh events of the given kinds, or again an event sent earlier in the plan. */
const plan = (provider: Provider) =>
  fc.record({
    steps: fc.array(
      fc.oneof(
        fc.constantFrom(...provider.kinds).map((kind) => ({ kind })),
        fc.nat().map((again) => ({ again })),
      ),
      { minLength: 1, maxLength: 8 },
    ),
    concurrent: fc.boolean(),
  });

describe.each([sandbox, stripe])('$name webhooks in any order, any number of times', (provider) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ rateLimits: testRateLimits, env: provider.env });
  });
  afterAll(async () => {
    await api?.close();
  });

  it.prop([plan(provider)], { numRuns: RUNS, seed: 20_261_123 })(
    'credit a top-up at most once, exactly when it ends paid',
    async ({ steps, concurrent }) => {
      const { db } = api.database;
      const customer = await createCustomer(db);
      const payment = await insertPayment(db, {
        kind: 'top_up',
        provider: provider.name,
        userId: customer.id,
        amountMinor: COINS,
        currency: 'EUR',
        coinsMinor: COINS,
      });
      const sent: Delivery[] = [];
      for (const step of steps) {
        const earlier = 'again' in step ? sent[step.again % Math.max(sent.length, 1)] : undefined;
        sent.push(
          earlier ?? provider.event('kind' in step ? step.kind : (provider.kinds[0] ?? ''), payment.ref),
        );
      }
      const deliver = (delivery: Delivery) =>
        api.call('paymentWebhook', {
          params: { provider: provider.name },
          payload: delivery.raw,
          headers: delivery.headers,
        });
      const answers = concurrent
        ? await Promise.all(sent.map(deliver))
        : await sent.reduce<Promise<Awaited<ReturnType<typeof deliver>>[]>>(
            async (done, delivery) => [...(await done), await deliver(delivery)],
            Promise.resolve([]),
          );
      for (const answer of answers) expect([200, 409]).toContain(answer.status);

      const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
      const [credits] = await executeRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from balance_ledger where payment_id = ${payment.id}`,
      );
      expect(credits?.n).toBe(row?.status === 'paid' ? 1 : 0);
      expect(await cachedBalance(db, customer.id)).toBe(row?.status === 'paid' ? COINS : 0);
      if (!concurrent) {
        const first = sent.find((delivery) => delivery.outcome !== 'ignored')?.outcome;
        expect(row?.status).toBe(first === undefined ? 'pending' : first === 'succeeded' ? 'paid' : 'failed');
      }
    },
  );

  it('left every balance equal to its ledger', async () => {
    expect(await ledgerMismatches(api.database.db)).toEqual([]);
  });
});
