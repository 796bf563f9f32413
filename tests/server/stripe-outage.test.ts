import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../server/db/schema';
import type { StripeCheckoutClient } from '../../server/payments/stripe';
import type { TestApi } from './support/api';
import * as money from './support/money';
import {
  createStripeTestApi,
  pointStripeAt,
  stripeEvent,
  TEST_STRIPE_WEBHOOK_SECRET as WEBHOOK_SECRET,
} from './support/stripe-events';

/** docs/decisions/0016: Stripe down is a 503 the customer can repeat, never a 500 or a failed payment. */

const UNREACHABLE =
  'The payment service cannot be reached right now. Nothing was charged; please try again in a moment.';

type Mode = 'up' | 'unreachable' | 'stripe-500' | 'rate-limited' | 'refused' | 'bug';

/** Stripe's Checkout as the adapter sees it, switched between working and the ways it fails. */
function switchableStripe() {
  const calls: string[] = [];
  const state = { mode: 'up' as Mode };
  const client: StripeCheckoutClient = {
    checkout: {
      sessions: {
        async create(_params, options) {
          calls.push(String(options?.idempotencyKey));
          switch (state.mode) {
            case 'unreachable':
              throw new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' });
            case 'stripe-500':
              throw new Stripe.errors.StripeAPIError({
                message: 'An unknown error occurred',
                statusCode: 500,
              });
            case 'rate-limited':
              throw new Stripe.errors.StripeRateLimitError({ message: 'Too many requests', statusCode: 429 });
            case 'refused':
              throw new Stripe.errors.StripeAuthenticationError({
                message: 'Invalid API Key',
                statusCode: 401,
              });
            case 'bug':
              throw new TypeError('cannot read properties of undefined');
            default: {
              const id = `cs_test_${options?.idempotencyKey}`;
              return { id, url: `https://checkout.stripe.com/c/pay/${id}` };
            }
          }
        },
      },
    },
  };
  return { client, calls, state };
}

let api: TestApi;
let stripe: ReturnType<typeof switchableStripe>;

beforeAll(async () => {
  stripe = switchableStripe();
  api = await createStripeTestApi(stripe.client);
}, 60_000);
afterAll(async () => {
  await api.close();
});
afterEach(async () => {
  stripe.state.mode = 'up';
  expect(await money.ledgerMismatches(api.database.db)).toEqual([]);
});

function topUp(customer: money.TestCustomer) {
  return api.call('topUpBalance', {
    token: customer.token,
    body: { amount: 2000, currency: 'EUR', payment_method: 'card' },
  });
}

async function paymentRow(ref: string) {
  const [row] = await api.database.db.select().from(payments).where(eq(payments.ref, ref));
  return row;
}

async function paymentsOfCustomer(customer: money.TestCustomer) {
  return api.database.db.select().from(payments).where(eq(payments.userId, customer.id));
}

async function fillCart(customer: money.TestCustomer) {
  const [product] = await money.activeProducts(api.database.db);
  if (product === undefined) throw new Error('no product');
  await api.call('addToCart', { token: customer.token, body: { id: product.id, count: 2 } });
}

describe('Stripe cannot be reached', () => {
  it('a top-up answers 503 with Retry-After, keeps the payment pending, and the retry takes it up', async () => {
    const customer = await money.createCustomer(api.database.db);
    stripe.state.mode = 'unreachable';
    const down = await topUp(customer);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'ERROR', message: UNREACHABLE });
    expect(Number(down.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const [kept] = await paymentsOfCustomer(customer);
    expect(kept).toMatchObject({ status: 'pending', providerRef: null, kind: 'top_up' });

    stripe.state.mode = 'up';
    const again = await topUp(customer);
    expect(again.status).toBe(200);
    const body = again.body as { payment_id: string; redirect_url: string };
    expect(body.payment_id).toBe(kept?.ref);
    expect(await paymentsOfCustomer(customer)).toHaveLength(1);
    // Both attempts asked Stripe with the payment's ref as the idempotency key: one session at most.
    expect(stripe.calls.slice(-2)).toEqual([kept?.ref, kept?.ref]);
    expect((await paymentRow(body.payment_id))?.providerRef).toBe(`cs_test_${kept?.ref}`);

    // Once opened, the payment is no longer taken up: the next top-up is a payment of its own.
    const next = await topUp(customer);
    expect((next.body as { payment_id: string }).payment_id).not.toBe(kept?.ref);
  });

  it('a card checkout answers 503, keeps the order and payment pending, and the retry with its key opens them', async () => {
    const customer = await money.createCustomer(api.database.db);
    await fillCart(customer);
    stripe.state.mode = 'unreachable';
    const key = { 'Idempotency-Key': `outage-${customer.id}` };
    const checkout = (headers?: Record<string, string>) =>
      api.call('checkout', {
        token: customer.token,
        body: { payment_method: 'card' },
        ...(headers ? { headers } : {}),
      });
    const down = await checkout(key);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'ERROR', message: UNREACHABLE });
    const [kept] = await paymentsOfCustomer(customer);
    expect(kept).toMatchObject({ status: 'pending', providerRef: null, kind: 'order' });
    const [order] = await api.database.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(order?.status).toBe('pending');

    stripe.state.mode = 'up';
    // Only the same key opens that order: without it, or with another, the cart is empty.
    for (const other of [undefined, { 'Idempotency-Key': `another-${customer.id}` }]) {
      const refused = await checkout(other);
      expect(refused.status).toBe(409);
      expect((await paymentRow(kept?.ref ?? ''))?.providerRef).toBeNull();
    }
    const again = await checkout(key);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ order_id: order?.id, payment_id: kept?.ref });
    const history = await api.call('listOrders', { token: customer.token });
    expect((history.body as { payload: unknown[] }).payload).toHaveLength(1);

    const paid = stripeEvent('checkout.session.completed', kept?.ref ?? '', WEBHOOK_SECRET);
    const hook = await api.call('paymentWebhook', {
      params: { provider: 'stripe' },
      payload: paid.raw,
      headers: { 'stripe-signature': paid.signature },
    });
    expect(hook.status).toBe(200);
    const [settled] = await api.database.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(settled?.status).toBe('paid');

    // An empty cart with nothing left to open is a 409 as ever.
    const empty = await api.call('checkout', { token: customer.token, body: { payment_method: 'card' } });
    expect(empty.status).toBe(409);
  });

  it('Stripe failing on its side or limiting the store is a 503 too', async () => {
    for (const mode of ['stripe-500', 'rate-limited'] as const) {
      const customer = await money.createCustomer(api.database.db);
      stripe.state.mode = mode;
      const response = await topUp(customer);
      expect(response.status, mode).toBe(503);
      expect((await paymentsOfCustomer(customer))[0]?.status, mode).toBe('pending');
    }
  });

  it('with the real Stripe client on an address where nothing listens, a 503', async () => {
    const port = await closedPort();
    const real = new Stripe('sk_test_51Fake', {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
      timeout: 2_000,
    });
    pointStripeAt(api, real);
    try {
      const customer = await money.createCustomer(api.database.db);
      const response = await topUp(customer);
      expect(response.status).toBe(503);
      expect((await paymentsOfCustomer(customer))[0]?.status).toBe('pending');
    } finally {
      pointStripeAt(api, stripe.client);
    }
  });
});

describe('Stripe refuses', () => {
  it('answers 502 with a clear message, fails the payment and puts the lines back into the cart', async () => {
    const customer = await money.createCustomer(api.database.db);
    await fillCart(customer);
    const cartBefore = (await money.moneySnapshot(api.database.db)).cart_lines;
    stripe.state.mode = 'refused';
    const response = await api.call('checkout', { token: customer.token, body: { payment_method: 'card' } });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      status: 'ERROR',
      message: 'The payment service refused this payment. Nothing was charged.',
    });
    expect((await paymentsOfCustomer(customer))[0]?.status).toBe('failed');
    expect((await money.moneySnapshot(api.database.db)).cart_lines).toBe(cartBefore);
  });

  it('an error of our own stays a 500 and settles the payment as failed', async () => {
    const customer = await money.createCustomer(api.database.db);
    stripe.state.mode = 'bug';
    expect((await topUp(customer)).status).toBe(500);
    expect((await paymentsOfCustomer(customer))[0]?.status).toBe('failed');
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
