import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { createStripeProvider, type StripeCheckoutClient } from '../../../server/payments/stripe';
import { createTestApi, type TestApi } from './api';
import { testRateLimits } from './money';

const fixtures = path.join(import.meta.dirname, '../fixtures/stripe');

/**
 * A recorded-shape event (tests/server/fixtures/stripe/<name>.json) for our payment, as Stripe
 * would send it: raw JSON and its signature with `secret`. Each call is a new event (its own id),
 * as each of Stripe's events is.
 */
export function stripeEvent(name: string, ref: string, secret: string, at = Math.floor(Date.now() / 1000)) {
  const fixture = readFileSync(path.join(fixtures, `${name}.json`), 'utf8');
  const recordedId = (JSON.parse(fixture) as { id: string }).id;
  const raw = fixture
    .replaceAll('PAYMENT_REF', ref)
    .replace(recordedId, `evt_${randomBytes(12).toString('hex')}`);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: raw, secret, timestamp: at });
  return { raw, signature, id: (JSON.parse(raw) as { id: string }).id };
}

/** A webhook signing secret of the shape Stripe gives (`whsec_…`), for apps under test. */
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_test_0123456789abcdefghijklmnopqrstuv';

/** An app whose provider is Stripe (PAYMENT_PROVIDER=stripe), talking to `client` instead of Stripe's API. */
export async function createStripeTestApi(client: StripeCheckoutClient): Promise<TestApi> {
  const api = await createTestApi({
    rateLimits: testRateLimits,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_51Fake',
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
    },
  });
  pointStripeAt(api, client);
  return api;
}

/** Points an app's Stripe provider at another client. */
export function pointStripeAt(api: TestApi, client: StripeCheckoutClient): void {
  const { payment } = api.config;
  if (payment.provider !== 'stripe') throw new Error('expected the stripe config');
  api.app.ctx.payments.replace({ provider: createStripeProvider({ ...payment, client }) });
}
