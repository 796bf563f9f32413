import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, webhookEvents } from '../../server/db/schema';
import { seedSettings } from '../../server/db/seed/reference-data';
import {
  type CheckoutPayment,
  PaymentProviderRefusedError,
  PaymentsUnavailableError,
} from '../../server/payments/provider';
import { createStripeProvider, type StripeCheckoutClient, stripeAmount } from '../../server/payments/stripe';
import type { TestApi } from './support/api';
import * as money from './support/money';
import {
  createStripeTestApi,
  stripeEvent as signedStripeEvent,
  TEST_STRIPE_WEBHOOK_SECRET as WEBHOOK_SECRET,
} from './support/stripe-events';

type CreateCall = Parameters<StripeCheckoutClient['checkout']['sessions']['create']>;

/** Records what the adapter asks of Stripe and answers like Checkout does. */
function fakeStripe(): StripeCheckoutClient & { calls: CreateCall[] } {
  const calls: CreateCall[] = [];
  return {
    calls,
    checkout: {
      sessions: {
        async create(...args: CreateCall) {
          calls.push(args);
          const id = `cs_test_${calls.length}a1B2c3D4e5F6g7H8`;
          return { id, url: `https://checkout.stripe.com/c/pay/${id}` };
        },
      },
    },
  };
}

/** A new signed event of the recorded shape `name` for our payment (support/stripe-events.ts). */
function stripeEvent(name: string, ref: string, at?: number) {
  return signedStripeEvent(name, ref, WEBHOOK_SECRET, at);
}

const payment: CheckoutPayment = {
  ref: 'pay_AbCdEfGh12345678',
  kind: 'top_up',
  amountMinor: 2380,
  currency: 'EUR',
  description: 'Balance top-up: 20.00 Coins',
  customerEmail: 'steve@example.com',
  savePaymentMethod: false,
};
const urls = {
  success: 'http://shop.test/processing-payment?payment=pay_AbCdEfGh12345678',
  cancel: 'http://shop.test/fail-payment?payment=pay_AbCdEfGh12345678',
};

describe('the Stripe Checkout adapter', () => {
  it('creates a session with the payment ref as idempotency key and the return URLs', async () => {
    const client = fakeStripe();
    const provider = createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, client });
    const session = await provider.createCheckout(payment, urls);
    expect(session).toEqual({
      redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_1a1B2c3D4e5F6g7H8',
      providerRef: 'cs_test_1a1B2c3D4e5F6g7H8',
    });
    expect(client.calls).toHaveLength(1);
    const [params, options] = client.calls[0] ?? [];
    expect(options).toEqual({ idempotencyKey: payment.ref });
    expect(params).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: 2380,
            product_data: { name: 'Balance top-up: 20.00 Coins' },
          },
        },
      ],
      client_reference_id: payment.ref,
      metadata: { payment_ref: payment.ref, kind: 'top_up' },
      customer_email: 'steve@example.com',
      success_url: urls.success,
      cancel_url: urls.cancel,
    });
  });

  it('rounds three-decimal currencies up to tens of minor units, and says what it charges', async () => {
    expect(stripeAmount(1234, 'KWD')).toBe(1240);
    expect(stripeAmount(1230, 'kwd')).toBe(1230);
    expect(stripeAmount(1, 'BHD')).toBe(10);
    for (const code of ['JOD', 'OMR', 'TND']) expect(stripeAmount(1005, code)).toBe(1010);
    expect(stripeAmount(1234, 'EUR')).toBe(1234);
    expect(stripeAmount(1234, 'JPY')).toBe(1234);

    const client = fakeStripe();
    const provider = createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, client });
    const rounded = await provider.createCheckout({ ...payment, amountMinor: 1781, currency: 'KWD' }, urls);
    expect(client.calls[0]?.[0].line_items?.[0]?.price_data).toMatchObject({
      currency: 'kwd',
      unit_amount: 1790,
    });
    expect(rounded.chargedMinor).toBe(1790);
    const exact = await provider.createCheckout({ ...payment, amountMinor: 1780, currency: 'KWD' }, urls);
    expect(client.calls[1]?.[0].line_items?.[0]?.price_data?.unit_amount).toBe(1780);
    expect(exact).not.toHaveProperty('chargedMinor');
  });

  it('asks Stripe to keep the card when the customer wants it saved', async () => {
    const client = fakeStripe();
    const provider = createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, client });
    await provider.createCheckout({ ...payment, savePaymentMethod: true }, urls);
    expect(client.calls[0]?.[0]).toMatchObject({
      customer_creation: 'always',
      payment_intent_data: { setup_future_usage: 'off_session' },
    });
  });

  it('fails when Stripe answers a session without a URL', async () => {
    const client: StripeCheckoutClient = {
      checkout: { sessions: { create: async () => ({ id: 'cs_test_nourl', url: null }) } },
    };
    const provider = createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, client });
    await expect(provider.createCheckout(payment, urls)).rejects.toThrow(/no URL/);
  });

  it("refunds through the session's payment intent with the refund's key; refused or away as the store knows them", async () => {
    const created: unknown[][] = [];
    let answer: () => Promise<{ id: string }> = async () => ({ id: 're_test_1' });
    const client: StripeCheckoutClient = {
      checkout: {
        sessions: {
          create: async () => ({ id: 'cs_test_x', url: null }),
          retrieve: async (id) => ({ id, url: null, status: 'complete', payment_intent: 'pi_test_9' }),
        },
      },
      refunds: {
        create: async (...args) => {
          created.push(args);
          return answer();
        },
      },
    };
    const provider = createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, client });
    const refund = {
      payment: { ref: payment.ref, providerRef: 'cs_test_x' },
      amountMinor: 1190,
      key: 'refund_7',
    };
    expect(await provider.refund(refund)).toEqual({ providerRef: 're_test_1' });
    expect(created).toEqual([
      [
        { payment_intent: 'pi_test_9', amount: 1190, metadata: { payment_ref: payment.ref } },
        { idempotencyKey: 'refund_7' },
      ],
    ]);
    answer = () =>
      Promise.reject(
        Object.assign(new Error('charge_already_refunded'), { type: 'StripeInvalidRequestError' }),
      );
    await expect(provider.refund(refund)).rejects.toBeInstanceOf(PaymentProviderRefusedError);
    answer = () =>
      Promise.reject(Object.assign(new Error('socket hang up'), { type: 'StripeConnectionError' }));
    await expect(provider.refund(refund)).rejects.toBeInstanceOf(PaymentsUnavailableError);
    await expect(
      provider.refund({ ...refund, payment: { ref: payment.ref, providerRef: null } }),
    ).rejects.toBeInstanceOf(PaymentProviderRefusedError);
  });

  it.each([
    ['checkout.session.completed', 'succeeded'],
    ['checkout.session.completed.unpaid', 'ignored'],
    ['checkout.session.async_payment_succeeded', 'succeeded'],
    ['checkout.session.async_payment_failed', 'failed'],
    ['checkout.session.expired', 'failed'],
    ['payment_intent.created', 'ignored'],
  ])('reads %s as %s', (name, outcome) => {
    const provider = createStripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: WEBHOOK_SECRET,
      client: fakeStripe(),
    });
    const { raw, signature, id } = stripeEvent(name, payment.ref);
    const event = provider.verifyWebhook(raw, { 'stripe-signature': signature });
    expect(event).toMatchObject({ id, outcome });
    if (name.startsWith('checkout.session')) expect(event.paymentRef).toBe(payment.ref);
  });
});

/** The coins (minor units) a €20.00 top-up credits at the demo store's points_conversion_rate. */
const COINS_FOR_20_EUR = 2000 * Number(seedSettings.points_conversion_rate);

describe('PAYMENT_PROVIDER=stripe', () => {
  let api: TestApi;
  let client: ReturnType<typeof fakeStripe>;

  beforeAll(async () => {
    client = fakeStripe();
    api = await createStripeTestApi(client);
  });
  afterAll(async () => {
    await api?.close();
  });
  afterEach(async () => {
    expect(await money.ledgerMismatches(api.database.db)).toEqual([]);
  });

  async function topUp(customer: money.TestCustomer, save = false) {
    const response = await api.call('topUpBalance', {
      token: customer.token,
      body: { amount: 2000, currency: 'EUR', payment_method: 'card', save_payment_method: save },
    });
    expect(response.status).toBe(200);
    return response.body as { redirect_url: string; payment_id: string };
  }

  function deliver(event: { raw: string; signature: string }, provider = 'stripe') {
    return api.call('paymentWebhook', {
      params: { provider },
      payload: event.raw,
      contentType: 'application/json; charset=utf-8',
      headers: { 'stripe-signature': event.signature },
    });
  }

  async function row(ref: string) {
    const [found] = await api.database.db.select().from(payments).where(eq(payments.ref, ref));
    return found;
  }

  it('a top-up opens a Checkout Session and answers its URL', async () => {
    const customer = await money.createCustomer(api.database.db);
    const body = await topUp(customer, true);
    const call = client.calls.at(-1);
    expect(call?.[1]).toEqual({ idempotencyKey: body.payment_id });
    expect(call?.[0]).toMatchObject({
      success_url: `http://shop.test/processing-payment?payment=${body.payment_id}`,
      cancel_url: `http://shop.test/fail-payment?payment=${body.payment_id}`,
      client_reference_id: body.payment_id,
      payment_intent_data: { setup_future_usage: 'off_session' },
    });
    const session = /cs_test_\w+$/.exec(body.redirect_url)?.[0];
    expect(body.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(await row(body.payment_id)).toMatchObject({
      provider: 'stripe',
      providerRef: session,
      status: 'pending',
    });
  });

  it('a top-up in a three-decimal currency is charged and recorded in tens of minor units', async () => {
    const customer = await money.createCustomer(api.database.db);
    const response = await api.call('topUpBalance', {
      token: customer.token,
      body: { amount: 2003, currency: 'KWD', payment_method: 'card' },
    });
    expect(response.status).toBe(200);
    const { payment_id: ref } = response.body as { payment_id: string };
    expect(client.calls.at(-1)?.[0].line_items?.[0]?.price_data).toMatchObject({
      currency: 'kwd',
      unit_amount: 2010,
    });
    expect(await row(ref)).toMatchObject({ amountMinor: 2010, currency: 'KWD', status: 'pending' });
    const shown = await api.call('getPayment', { token: customer.token, params: { id: ref } });
    expect(shown.body).toMatchObject({ payload: { id: ref, amount: 2010, currency: 'KWD' } });
  });

  it('checkout.session.completed credits the top-up; a redelivery changes nothing', async () => {
    const { db } = api.database;
    const customer = await money.createCustomer(db);
    const { payment_id } = await topUp(customer);
    const event = stripeEvent('checkout.session.completed', payment_id);
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'OK', message: 'Processed' });
    expect((await row(payment_id))?.status).toBe('paid');
    expect(await money.cachedBalance(db, customer.id)).toBe(COINS_FOR_20_EUR);
    const before = await money.moneySnapshot(db);
    expect((await deliver(event)).body).toEqual({ status: 'OK', message: 'Already processed' });
    expect(await money.moneySnapshot(db)).toEqual(before);
  });

  it('a delayed method: completed-but-unpaid waits, async_payment_succeeded pays', async () => {
    const { db } = api.database;
    const customer = await money.createCustomer(db);
    const { payment_id } = await topUp(customer);
    const unpaid = await deliver(stripeEvent('checkout.session.completed.unpaid', payment_id));
    expect(unpaid.body).toMatchObject({ message: 'Ignored' });
    expect((await row(payment_id))?.status).toBe('pending');
    await deliver(stripeEvent('checkout.session.async_payment_succeeded', payment_id));
    expect((await row(payment_id))?.status).toBe('paid');
    expect(await money.cachedBalance(db, customer.id)).toBe(COINS_FOR_20_EUR);
  });

  it('async_payment_failed fails a top-up; expired fails a card order and keeps the cart', async () => {
    const { db } = api.database;
    const customer = await money.createCustomer(db);
    const { payment_id } = await topUp(customer);
    await deliver(stripeEvent('checkout.session.async_payment_failed', payment_id));
    expect((await row(payment_id))?.status).toBe('failed');
    expect(await money.cachedBalance(db, customer.id)).toBe(0);

    const [p] = await money.activeProducts(db);
    if (p === undefined) throw new Error('no products');
    await api.call('addToCart', { token: customer.token, body: { id: p.id, count: 1 } });
    const started = await api.call('checkout', { token: customer.token, body: { payment_method: 'card' } });
    const order = started.body as { payment_id: string; order_id: number; redirect_url: string };
    expect(order.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    await deliver(stripeEvent('checkout.session.expired', order.payment_id));
    expect((await db.select().from(orders).where(eq(orders.id, order.order_id)))[0]?.status).toBe('failed');
    const cart = (await api.call('getCart', { token: customer.token })).body as { cart: unknown[] };
    expect(cart.cart).toHaveLength(1);
  });

  it('events it does not act on are recorded and answered 200', async () => {
    const event = stripeEvent('payment_intent.created', 'pay_unused00000000');
    const response = await deliver(event);
    expect(response.body).toEqual({ status: 'OK', message: 'Ignored' });
    const stored = await api.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, event.id));
    expect(stored).toHaveLength(1);
  });

  it('refuses a bad or stale signature with a 400, and an unknown payment with a 404', async () => {
    const { db } = api.database;
    const customer = await money.createCustomer(db);
    const { payment_id } = await topUp(customer);
    const before = await money.moneySnapshot(db);
    const good = stripeEvent('checkout.session.completed', payment_id);
    const forged = {
      raw: good.raw,
      signature: Stripe.webhooks.generateTestHeaderString({ payload: good.raw, secret: 'whsec_wrong' }),
    };
    expect((await deliver(forged)).status).toBe(400);
    const stale = stripeEvent('checkout.session.completed', payment_id, Math.floor(Date.now() / 1000) - 301);
    expect((await deliver(stale)).status).toBe(400);
    expect((await deliver({ raw: good.raw, signature: '' })).status).toBe(400);
    const tampered = {
      raw: good.raw.replace('"amount_total": 2000', '"amount_total": 1'),
      signature: good.signature,
    };
    expect((await deliver(tampered)).status).toBe(400);
    expect((await deliver(stripeEvent('checkout.session.completed', 'pay_doesnotexist00'))).status).toBe(404);
    expect(await money.moneySnapshot(db)).toEqual(before);
    expect((await row(payment_id))?.status).toBe('pending');
  });

  it('the sandbox webhook and page do not exist', async () => {
    const customer = await money.createCustomer(api.database.db);
    const { payment_id } = await topUp(customer);
    const sandboxEvent = JSON.stringify({
      id: 'sbx_evt_12345678',
      type: 'payment.succeeded',
      payment_ref: payment_id,
      created: 1,
    });
    const hook = await api.call('paymentWebhook', { params: { provider: 'sandbox' }, payload: sandboxEvent });
    expect(hook.status).toBe(404);
    expect((await api.call('sandboxPaymentPage', { params: { ref: payment_id } })).status).toBe(404);
    const decision = await api.call('sandboxPaymentDecision', {
      params: { ref: payment_id },
      payload: 'choice=pay',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(decision.status).toBe(404);
    expect((await row(payment_id))?.status).toBe('pending');
  });
});
