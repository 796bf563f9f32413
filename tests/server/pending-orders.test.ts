// A card checkout the customer walks away from (ADR 0028): paid again or cancelled from the cart and
// the order history, expired by the server's sweep, and a webhook racing either: the money stays
// exact. Runs on PGlite in `npm test` and on PostgreSQL in `npm run test:postgres` (real concurrency).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger, orders, payments } from '../../server/db/schema';
import { expirePendingPayments, startExpirySweep, sweepInterval } from '../../server/payments/pending';
import { newSandboxEvent, signSandboxBody } from '../../server/payments/sandbox';
import type { StripeCheckoutClient } from '../../server/payments/stripe';
import type { TestApi } from './support/api';
import * as money from './support/money';
import { createStripeTestApi, stripeEvent, TEST_STRIPE_WEBHOOK_SECRET } from './support/stripe-events';

const suite = money.moneySuite();
const { product } = suite;
const TIMEOUT_MS = 30 * 60_000;

async function fill(customer: money.TestCustomer, lines: Array<[money.TestProduct, number]>) {
  for (const [p, count] of lines) {
    const response = await suite.api.call('addToCart', { token: customer.token, body: { id: p.id, count } });
    expect(response.status).toBe(200);
  }
}

async function cartCounts(customer: money.TestCustomer, api: TestApi = suite.api) {
  const response = await api.call('getCart', { token: customer.token });
  return (response.body as { cart: Array<{ item_id: number; count: number }> }).cart.map((l) => [
    l.item_id,
    l.count,
  ]);
}

interface CardOrder {
  orderId: number;
  ref: string;
  redirectUrl: string;
  total: number;
}

/** A card checkout of `lines`, left pending on the provider's page. */
async function pendingOrder(
  customer: money.TestCustomer,
  lines: Array<[money.TestProduct, number]>,
): Promise<CardOrder> {
  await fill(customer, lines);
  const response = await suite.api.call('checkout', {
    token: customer.token,
    body: { payment_method: 'card' },
  });
  expect(response.status).toBe(200);
  const body = response.body as { order_id: number; payment_id: string; redirect_url: string };
  return {
    orderId: body.order_id,
    ref: body.payment_id,
    redirectUrl: body.redirect_url,
    // What the order holds: these lines and whatever the cart held before.
    total: (await suite.api.database.db.select().from(payments).where(eq(payments.ref, body.payment_id)))[0]
      ?.coinsMinor as number,
  };
}

const orderStatus = async (id: number) =>
  (await suite.api.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
const paymentStatus = async (ref: string) =>
  (await suite.api.database.db.select().from(payments).where(eq(payments.ref, ref)))[0]?.status;

/** The sandbox's signed webhook delivery for a payment, as the provider would post it. */
async function sandboxWebhook(ref: string, type: 'payment.succeeded' | 'payment.failed') {
  const secret = (await suite.api.app.ctx.payments.configured())?.sandboxSecret ?? '';
  const now = Math.floor(Date.now() / 1000);
  const raw = JSON.stringify(newSandboxEvent(type, ref, now));
  return suite.api.call('paymentWebhook', {
    params: { provider: 'sandbox' },
    payload: raw,
    contentType: 'application/json',
    headers: { 'blockfront-signature': signSandboxBody(secret, raw, now) },
  });
}

/** Makes a payment look `minutes` old, as if the customer left it that long ago. */
async function age(ref: string, minutes: number) {
  await suite.api.database.db.execute(
    sql`update payments set created_at = now() - make_interval(mins => ${minutes}) where ref = ${ref}`,
  );
}

describe('paying a pending order again', () => {
  it("opens the same payment's page again, and the order is paid once", async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const order = await pendingOrder(customer, [[product(0), 2]]);

    const again = await suite.api.call('payOrder', { token: customer.token, params: { id: order.orderId } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      status: 'OK',
      redirect_url: order.redirectUrl,
      order_id: order.orderId,
      payment_id: order.ref,
      message: 'Order created. Please complete the payment.',
    });
    expect(await db.select().from(payments).where(eq(payments.orderId, order.orderId))).toHaveLength(1);

    expect((await money.sandboxDecision(suite.api, order.ref, 'pay')).status).toBe(303);
    expect(await orderStatus(order.orderId)).toBe('paid');
    const paidAgain = await suite.api.call('payOrder', {
      token: customer.token,
      params: { id: order.orderId },
    });
    expect(paidAgain.status).toBe(409);
    expect(paidAgain.body).toMatchObject({ message: 'This order is no longer waiting for payment.' });
  });

  it("someone else's order or an unknown one is a 404, a coins order a 409, and a guest a 401", async () => {
    const { db } = suite.api.database;
    const owner = await money.createCustomer(db);
    const stranger = await money.createCustomer(db, { balanceMinor: 1_000_000 });
    const order = await pendingOrder(owner, [[product(1), 1]]);
    await fill(stranger, [[product(0), 1]]);
    const coins = (
      await suite.api.call('checkout', { token: stranger.token, body: { payment_method: 'balance' } })
    ).body as { order_id: number };

    const before = await money.moneySnapshot(db);
    for (const operationId of ['payOrder', 'cancelOrder']) {
      const foreign = await suite.api.call(operationId, {
        token: stranger.token,
        params: { id: order.orderId },
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ message: 'Not found.' });
      expect(
        (await suite.api.call(operationId, { token: owner.token, params: { id: 2_147_483_647 } })).status,
      ).toBe(404);
      expect(
        (await suite.api.call(operationId, { token: stranger.token, params: { id: coins.order_id } })).status,
      ).toBe(409);
      expect((await suite.api.call(operationId, { params: { id: order.orderId } })).status).toBe(401);
    }
    expect(await money.moneySnapshot(db)).toEqual(before);
    expect(await orderStatus(order.orderId)).toBe('pending');
  });
});

describe('cancelling a pending order', () => {
  it('cancels the order and its payment and puts the lines back into the cart', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const order = await pendingOrder(customer, [
      [product(0), 2],
      [product(1), 1],
    ]);
    // Added meanwhile: the restored lines join it.
    await fill(customer, [[product(0), 1]]);

    const response = await suite.api.call('cancelOrder', {
      token: customer.token,
      params: { id: order.orderId },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'OK',
      message: 'The order is cancelled. Its items are back in your cart.',
    });
    const cart = (response.body as { cart: Array<{ item_id: number; count: number }> }).cart;
    expect(cart.map((line) => [line.item_id, line.count])).toEqual([
      [product(0).id, 3],
      [product(1).id, 1],
    ]);
    expect(await orderStatus(order.orderId)).toBe('cancelled');
    expect(await paymentStatus(order.ref)).toBe('cancelled');
    expect(await money.cachedBalance(db, customer.id)).toBe(0);

    // The sandbox page says so and takes no payment for it.
    const page = await suite.api.call('sandboxPaymentPage', {
      params: { ref: order.ref },
      query: { key: await money.sandboxKey(suite.api, order.ref) },
    });
    expect(page.text).toContain('This payment was cancelled. Nothing was charged.');
    expect(page.text).not.toContain('value="pay"');
    expect((await money.sandboxDecision(suite.api, order.ref, 'pay')).status).toBe(409);

    const history = (await suite.api.call('listOrders', { token: customer.token })).body as {
      payload: Array<Record<string, unknown>>;
    };
    expect(history.payload[0]).toMatchObject({
      id: order.orderId,
      status: 'cancelled',
      payment_id: null,
      expires_at: null,
      can_pay: false,
      can_cancel: false,
    });
  });

  it('a second cancel is a 409 and puts nothing back twice', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const order = await pendingOrder(customer, [[product(2), 2]]);
    const [first, second] = await Promise.all([
      suite.api.call('cancelOrder', { token: customer.token, params: { id: order.orderId } }),
      suite.api.call('cancelOrder', { token: customer.token, params: { id: order.orderId } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const third = await suite.api.call('cancelOrder', {
      token: customer.token,
      params: { id: order.orderId },
    });
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ message: 'This order is no longer waiting for payment.' });
    expect(await cartCounts(customer)).toEqual([[product(2).id, 2]]);
  });

  it('answers in the language asked for', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const order = await pendingOrder(customer, [[product(0), 1]]);
    const response = await suite.api.call('cancelOrder', {
      token: customer.token,
      params: { id: order.orderId },
      body: { lang_id: await money.languageId(db, 'de') },
    });
    expect(response.body).toMatchObject({
      message: 'Die Bestellung ist storniert. Ihre Artikel liegen wieder in deinem Warenkorb.',
    });
  });
});

describe('the order history of a pending order', () => {
  it('shows its payment, when it expires, and that it can be paid and cancelled', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const order = await pendingOrder(customer, [[product(0), 1]]);
    const [payment] = await db.select().from(payments).where(eq(payments.ref, order.ref));
    const history = (await suite.api.call('listOrders', { token: customer.token })).body as {
      payload: Array<Record<string, unknown>>;
    };
    expect(history.payload[0]).toMatchObject({
      id: order.orderId,
      status: 'pending',
      payment_id: order.ref,
      expires_at: new Date((payment?.createdAt.getTime() ?? 0) + TIMEOUT_MS).toISOString(),
      can_pay: true,
      can_cancel: true,
    });
  });
});

describe('the expiry sweep', () => {
  it('expires payments pending longer than the timeout, order and top-up alike, once', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const old = await pendingOrder(customer, [[product(0), 2]]);
    await age(old.ref, 31);
    const fresh = await pendingOrder(customer, [[product(1), 1]]);
    await age(fresh.ref, 29);
    const topUp = await suite.api.call('topUpBalance', {
      token: customer.token,
      body: { amount: 5000, currency: 'EUR', payment_method: 'card' },
    });
    const topUpRef = (topUp.body as { payment_id: string }).payment_id;
    await age(topUpRef, 45);

    const expired = await expirePendingPayments(db, TIMEOUT_MS);
    expect(expired.map((payment) => payment.ref)).toEqual(expect.arrayContaining([old.ref, topUpRef]));
    expect(expired.map((payment) => payment.ref)).not.toContain(fresh.ref);
    expect(await orderStatus(old.orderId)).toBe('expired');
    expect(await paymentStatus(old.ref)).toBe('expired');
    expect(await paymentStatus(topUpRef)).toBe('expired');
    expect(await orderStatus(fresh.orderId)).toBe('pending');
    expect(await cartCounts(customer)).toEqual([[product(0).id, 2]]);

    // Two sweeps at once (two API nodes): nothing is expired twice, no line comes back twice.
    const again = await Promise.all([
      expirePendingPayments(db, TIMEOUT_MS),
      expirePendingPayments(db, TIMEOUT_MS),
    ]);
    expect(again.flat().map((payment) => payment.ref)).not.toContain(old.ref);
    expect(await cartCounts(customer)).toEqual([[product(0).id, 2]]);
    // The pending page sees it settled.
    const seen = await suite.api.call('getPayment', { token: customer.token, params: { id: old.ref } });
    expect(seen.body).toMatchObject({ payload: { status: 'expired' } });
    // And the customer cannot pay it again.
    expect(
      (await suite.api.call('payOrder', { token: customer.token, params: { id: old.orderId } })).status,
    ).toBe(409);
  });

  it('runs by itself on the server, every quarter of the timeout', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const order = await pendingOrder(customer, [[product(1), 1]]);
    await age(order.ref, 31);
    const logged: string[] = [];
    const sweep = startExpirySweep({
      db,
      timeoutMs: TIMEOUT_MS,
      provider: async () => (await suite.api.app.ctx.payments.configured())?.provider,
      log: {
        info: (_details, message) => logged.push(message),
        warn: (_details, message) => logged.push(message),
      },
      everyMs: 50,
    });
    try {
      await expect.poll(() => orderStatus(order.orderId)).toBe('expired');
    } finally {
      await sweep.stop();
    }
    expect(logged).toContain('expired pending payments');
    expect(await cartCounts(customer)).toEqual([[product(1).id, 1]]);
    expect(sweepInterval(30 * 60_000)).toBe(60_000);
    expect(sweepInterval(8_000)).toBe(2_000);
    expect(sweepInterval(1_000)).toBe(1_000);
  });
});

describe('a payment the provider takes after it was cancelled or expired', () => {
  it('is credited to the balance as coins, once; the order stays closed and the lines stay in the cart', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const cancelled = await pendingOrder(customer, [[product(0), 1]]);
    await suite.api.call('cancelOrder', { token: customer.token, params: { id: cancelled.orderId } });
    const expired = await pendingOrder(customer, [[product(1), 1]]);
    await age(expired.ref, 31);
    await expirePendingPayments(db, TIMEOUT_MS);
    const cart = await cartCounts(customer);

    for (const order of [cancelled, expired]) {
      expect((await sandboxWebhook(order.ref, 'payment.failed')).status).toBe(200);
      expect((await sandboxWebhook(order.ref, 'payment.succeeded')).status).toBe(200);
      expect((await sandboxWebhook(order.ref, 'payment.succeeded')).status).toBe(200);
      expect(await paymentStatus(order.ref)).toBe('paid');
    }
    expect(await orderStatus(cancelled.orderId)).toBe('cancelled');
    expect(await orderStatus(expired.orderId)).toBe('expired');
    expect(await money.cachedBalance(db, customer.id)).toBe(cancelled.total + expired.total);
    const credits = await db.select().from(balanceLedger).where(eq(balanceLedger.userId, customer.id));
    expect(credits.map((row) => [row.amountMinor, row.reason, row.idempotencyKey]).sort()).toEqual(
      [
        [cancelled.total, 'top_up', `payment:${cancelled.ref}`],
        [expired.total, 'top_up', `payment:${expired.ref}`],
      ].sort(),
    );
    expect(await cartCounts(customer)).toEqual(cart);
  });

  it('a "paid" webhook racing a cancel: either the order is paid or the coins are credited, never both or neither', async () => {
    const { db } = suite.api.database;
    for (let run = 0; run < 12; run += 1) {
      const customer = await money.createCustomer(db);
      const order = await pendingOrder(customer, [[product(run % 3), 1]]);
      const [cancel, webhook] = await Promise.all([
        suite.api.call('cancelOrder', { token: customer.token, params: { id: order.orderId } }),
        sandboxWebhook(order.ref, 'payment.succeeded'),
      ]);
      expect(webhook.status).toBe(200);
      expect(await paymentStatus(order.ref)).toBe('paid');
      const balance = await money.cachedBalance(db, customer.id);
      if (cancel.status === 200) {
        expect(await orderStatus(order.orderId)).toBe('cancelled');
        expect(balance).toBe(order.total);
        expect(await cartCounts(customer)).toEqual([[product(run % 3).id, 1]]);
      } else {
        expect(cancel.status).toBe(409);
        expect(await orderStatus(order.orderId)).toBe('paid');
        expect(balance).toBe(0);
        expect(await cartCounts(customer)).toEqual([]);
      }
    }
    expect(await money.ledgerMismatches(db)).toEqual([]);
  });

  it('a "paid" webhook racing the expiry sweep: the money is exact either way', async () => {
    const { db } = suite.api.database;
    for (let run = 0; run < 8; run += 1) {
      const customer = await money.createCustomer(db);
      const order = await pendingOrder(customer, [[product(1), 2]]);
      await age(order.ref, 31);
      const [, webhook] = await Promise.all([
        expirePendingPayments(db, TIMEOUT_MS),
        sandboxWebhook(order.ref, 'payment.succeeded'),
      ]);
      expect(webhook.status).toBe(200);
      // The sweep skips a row the webhook holds; the next sweep finds nothing pending.
      await expirePendingPayments(db, TIMEOUT_MS);
      const status = await orderStatus(order.orderId);
      const balance = await money.cachedBalance(db, customer.id);
      if (status === 'paid') {
        expect(balance).toBe(0);
        expect(await cartCounts(customer)).toEqual([]);
      } else {
        expect(status).toBe('expired');
        expect(balance).toBe(order.total);
        expect(await cartCounts(customer)).toEqual([[product(1).id, 2]]);
      }
    }
  });
});

describe('a top-up started elsewhere returns there', () => {
  it('keeps a same-site return path with the payment, and refuses any other', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const response = await suite.api.call('topUpBalance', {
      token: customer.token,
      body: { amount: 5000, currency: 'EUR', payment_method: 'card', return_to: '/cart' },
    });
    expect(response.status).toBe(200);
    const { payment_id } = response.body as { payment_id: string };
    const seen = await suite.api.call('getPayment', { token: customer.token, params: { id: payment_id } });
    expect(seen.body).toMatchObject({ payload: { kind: 'top_up', return_to: '/cart' } });

    const plain = await suite.api.call('topUpBalance', {
      token: customer.token,
      body: { amount: 6000, currency: 'EUR', payment_method: 'card' },
    });
    const plainRef = (plain.body as { payment_id: string }).payment_id;
    expect(
      (await suite.api.call('getPayment', { token: customer.token, params: { id: plainRef } })).body,
    ).toMatchObject({ payload: { return_to: null } });

    const before = await money.moneySnapshot(db);
    for (const wrong of [
      '//evil.example/cart',
      'https://evil.example/',
      '/api/logout',
      'cart',
      '/\\evil',
      '/cart#x',
    ]) {
      const refused = await suite.api.call('topUpBalance', {
        token: customer.token,
        body: { amount: 5000, currency: 'EUR', payment_method: 'card', return_to: wrong },
      });
      expect(refused.status, wrong).toBe(422);
    }
    expect(await money.moneySnapshot(db)).toEqual(before);
  });
});

describe('with Stripe', () => {
  let api: TestApi;
  const expired: string[] = [];
  const retrieved: string[] = [];
  const client: StripeCheckoutClient = {
    checkout: {
      sessions: {
        async create(_params, options) {
          const id = `cs_test_${options?.idempotencyKey}`;
          return { id, url: `https://checkout.stripe.com/c/pay/${id}` };
        },
        async retrieve(id) {
          retrieved.push(id);
          return { id, url: `https://checkout.stripe.com/c/pay/${id}`, status: 'open', payment_intent: null };
        },
        async expire(id) {
          expired.push(id);
          return {};
        },
      },
    },
  };

  beforeAll(async () => {
    api = await createStripeTestApi(client);
  });
  afterAll(async () => {
    await api.close();
  });

  it("pays again on the session's page, cancels by expiring the session, and credits a late payment", async () => {
    const { db } = api.database;
    const [item] = await money.activeProducts(db);
    if (item === undefined) throw new Error('no product');
    const customer = await money.createCustomer(db);
    await api.call('addToCart', { token: customer.token, body: { id: item.id, count: 1 } });
    const checkout = (await api.call('checkout', { token: customer.token, body: { payment_method: 'card' } }))
      .body as { order_id: number; payment_id: string; redirect_url: string };
    const session = `cs_test_${checkout.payment_id}`;

    const again = await api.call('payOrder', { token: customer.token, params: { id: checkout.order_id } });
    expect(again.body).toMatchObject({
      redirect_url: checkout.redirect_url,
      payment_id: checkout.payment_id,
    });
    expect(retrieved).toEqual([session]);

    expect(
      (await api.call('cancelOrder', { token: customer.token, params: { id: checkout.order_id } })).status,
    ).toBe(200);
    expect(expired).toEqual([session]);
    expect(await cartCounts(customer, api)).toEqual([[item.id, 1]]);

    // Stripe's own "expired" event changes nothing; a completed one (paid before it heard) credits.
    const expiredEvent = stripeEvent(
      'checkout.session.expired',
      checkout.payment_id,
      TEST_STRIPE_WEBHOOK_SECRET,
    );
    const completed = stripeEvent(
      'checkout.session.completed',
      checkout.payment_id,
      TEST_STRIPE_WEBHOOK_SECRET,
    );
    for (const event of [expiredEvent, completed]) {
      const delivered = await api.call('paymentWebhook', {
        params: { provider: 'stripe' },
        payload: event.raw,
        contentType: 'application/json',
        headers: { 'stripe-signature': event.signature },
      });
      expect(delivered.status).toBe(200);
    }
    expect(await money.cachedBalance(db, customer.id)).toBe(item.priceMinor);
    expect(await money.ledgerMismatches(db)).toEqual([]);
  });
});
