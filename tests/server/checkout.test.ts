import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED } from '../../server/auth/authenticate';
import { createSession } from '../../server/auth/sessions';
import { executeRows } from '../../server/db/client';
import { balanceLedger, orderLines, orders, payments } from '../../server/db/schema';
import { failUnopenedPayment } from '../../server/payments/payments';
import { messageOf } from './support/api';
import * as money from './support/money';

const suite = money.moneySuite();

const { product } = suite;

async function fill(customer: money.TestCustomer, lines: Array<[money.TestProduct, number]>) {
  for (const [p, count] of lines) {
    const response = await suite.api.call('addToCart', { token: customer.token, body: { id: p.id, count } });
    expect(response.status).toBe(200);
  }
}

async function cartCounts(customer: money.TestCustomer) {
  const response = await suite.api.call('getCart', { token: customer.token });
  return (response.body as { cart: Array<{ item_id: number; count: number }> }).cart.map((l) => [
    l.item_id,
    l.count,
  ]);
}

function checkout(customer: money.TestCustomer, body: Record<string, unknown>, token = customer.token) {
  return suite.api.call('checkout', { token, body });
}

function decide(ref: string, choice: string) {
  return money.sandboxDecision(suite.api, ref, choice);
}

describe('checkout with balance', () => {
  it('pays at once: order paid with snapshots, one ledger debit, cart emptied', async () => {
    const { db } = suite.api.database;
    const a = product(0);
    const b = product(2);
    const total = a.priceMinor * 2 + b.priceMinor;
    const customer = await money.createCustomer(db, { balanceMinor: total + 1000 });
    await fill(customer, [
      [a, 2],
      [b, 1],
    ]);

    const response = await checkout(customer, { payment_method: 'balance' });
    expect(response.status).toBe(200);
    const body = response.body as { order_id: number; redirect_url: string; message: string };
    expect(body).toEqual({
      status: 'OK',
      redirect_url: '/success-payment',
      order_id: expect.any(Number),
      message: 'Order paid',
    });

    expect(await money.cachedBalance(db, customer.id)).toBe(1000);
    const ledger = await db.select().from(balanceLedger).where(eq(balanceLedger.orderId, body.order_id));
    expect(ledger).toMatchObject([
      { amountMinor: -total, reason: 'order', idempotencyKey: `order:${body.order_id}` },
    ]);
    const [order] = await db.select().from(orders).where(eq(orders.id, body.order_id));
    expect(order).toMatchObject({
      status: 'paid',
      totalMinor: total,
      paymentMethod: 'balance',
      userId: customer.id,
    });
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, body.order_id))
      .orderBy(orderLines.id);
    expect(lines.map((l) => [l.productId, l.title, l.priceMinor, l.count])).toEqual([
      [a.id, a.title, a.priceMinor, 2],
      [b.id, b.title, b.priceMinor, 1],
    ]);
    expect(await cartCounts(customer)).toEqual([]);
    expect(await db.select().from(payments).where(eq(payments.userId, customer.id))).toEqual([]);
  });

  it('charges the current price and snapshots titles in the request language', async () => {
    const { db } = suite.api.database;
    const p = product(1);
    const customer = await money.createCustomer(db, { balanceMinor: 100_000 });
    await fill(customer, [[p, 1]]);
    await db.execute(sql`update products set price_minor = price_minor + 1 where id = ${p.id}`);
    try {
      const de = await money.languageId(db, 'de');
      const response = await checkout(customer, { payment_method: 'balance', lang_id: de });
      expect(response.body).toMatchObject({ message: 'Bestellung bezahlt' });
      const { order_id } = response.body as { order_id: number };
      const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order_id));
      const [title] = await executeRows<{ title: string }>(
        db,
        sql`select title from product_translations where product_id = ${p.id} and language_id = ${de}`,
      );
      expect(line).toMatchObject({ priceMinor: p.priceMinor + 1, title: title?.title });
      expect(await money.cachedBalance(db, customer.id)).toBe(100_000 - p.priceMinor - 1);
    } finally {
      await db.execute(sql`update products set price_minor = price_minor - 1 where id = ${p.id}`);
    }
  });

  it('insufficient coins: 422 with a clear message and nothing changed', async () => {
    const { db } = suite.api.database;
    const p = product(0);
    const customer = await money.createCustomer(db, { balanceMinor: p.priceMinor * 2 - 1 });
    await fill(customer, [[p, 2]]);
    const before = await money.moneySnapshot(db);
    const response = await checkout(customer, { payment_method: 'balance' });
    expect(response.status).toBe(422);
    const total = ((p.priceMinor * 2) / 100).toFixed(2);
    const balance = ((p.priceMinor * 2 - 1) / 100).toFixed(2);
    const message = `Not enough Coins on your balance: the order costs ${total} Coins, you have ${balance} Coins.`;
    expect(response.body).toEqual({
      status: 'ERROR',
      message,
      errors: { payment_method: [message] },
      code: 'insufficient_funds',
    });
    expect(await money.moneySnapshot(db)).toEqual(before);
    expect(await cartCounts(customer)).toEqual([[p.id, 2]]);

    const es = await checkout(customer, {
      payment_method: 'balance',
      lang_id: await money.languageId(db, 'es'),
    });
    expect(messageOf(es.body)).toMatch(/^No tienes suficientes Coins/);
  });

  it('a balance of exactly the total is enough', async () => {
    const { db } = suite.api.database;
    const p = product(0);
    const customer = await money.createCustomer(db, { balanceMinor: p.priceMinor });
    await fill(customer, [[p, 1]]);
    expect((await checkout(customer, { payment_method: 'balance' })).status).toBe(200);
    expect(await money.cachedBalance(db, customer.id)).toBe(0);
  });

  it('an empty cart is a 409', async () => {
    const customer = await money.createCustomer(suite.api.database.db, { balanceMinor: 10_000 });
    const before = await money.moneySnapshot(suite.api.database.db);
    for (const method of ['balance', 'card']) {
      const response = await checkout(customer, { payment_method: method });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ status: 'ERROR', message: 'Your cart is empty.' });
    }
    expect(await money.moneySnapshot(suite.api.database.db)).toEqual(before);
  });

  it('a product no longer for sale blocks checkout with a 409', async () => {
    const { db } = suite.api.database;
    const p = product(3);
    const customer = await money.createCustomer(db, { balanceMinor: 1_000_000 });
    await fill(customer, [[p, 1]]);
    await db.execute(sql`update products set active = false where id = ${p.id}`);
    try {
      const before = await money.moneySnapshot(db);
      const response = await checkout(customer, { payment_method: 'balance' });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ message: expect.stringContaining('no longer available') });
      expect(await money.moneySnapshot(db)).toEqual(before);
    } finally {
      await db.execute(sql`update products set active = true where id = ${p.id}`);
    }
  });

  it('needs a verified email (403) and a session (401)', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db, { verified: false, balanceMinor: 100_000 });
    await fill(customer, [[product(0), 1]]);
    const before = await money.moneySnapshot(db);
    const response = await checkout(customer, { payment_method: 'balance' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ status: 'ERROR', message: EMAIL_NOT_VERIFIED });
    expect((await suite.api.call('checkout', { body: { payment_method: 'balance' } })).status).toBe(401);
    expect(await money.moneySnapshot(db)).toEqual(before);
  });

  it('a payment method the store has switched off is a 422', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db, { balanceMinor: 100_000 });
    await fill(customer, [[product(0), 1]]);
    const before = await money.moneySnapshot(db);
    await money.withSetting(db, 'payment_methods', ['card'], async () => {
      const response = await checkout(customer, { payment_method: 'balance' });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        errors: { payment_method: ['This payment method is not available.'] },
      });
    });
    expect(await money.moneySnapshot(db)).toEqual(before);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db, { balanceMinor: 100_000 });
    await fill(customer, [[product(0), 1]]);
    const before = await money.moneySnapshot(db);
    const cases: Array<[unknown, number]> = [
      [{}, 422],
      [{ payment_method: 1 }, 422],
      [{ payment_method: 'balance', total: 1 }, 422],
      [{ payment_method: 'balance', lang_id: 'en' }, 422],
      [{ payment_method: 'cash' }, 422],
      [{ payment_method: "balance' or '1'='1" }, 422],
      [{ payment_method: 'bålance' }, 422],
      [{ payment_method: 'balance', currency: 'eur' }, 422],
      [null, 400],
    ];
    for (const [body, status] of cases) {
      const response = await suite.api.call('checkout', { token: customer.token, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
    }
    expect(
      (
        await suite.api.call('checkout', {
          token: customer.token,
          payload: 'payment_method=balance',
          contentType: money.FORM,
        })
      ).status,
    ).toBe(400);
    expect(await money.moneySnapshot(db)).toEqual(before);
  });
});

describe('concurrent checkouts of one customer', () => {
  it('several sessions racing with the same cart create exactly one order and debit once', async () => {
    const { db } = suite.api.database;
    const p = product(0);
    const customer = await money.createCustomer(db, { balanceMinor: p.priceMinor * 100 });
    await fill(customer, [[p, 3]]);
    const tokens = [customer.token];
    for (let i = 0; i < 7; i += 1) tokens.push((await createSession(db, customer.id)).token);
    const results = await Promise.all(
      [...tokens, ...tokens].map((token) => checkout(customer, { payment_method: 'balance' }, token)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
    expect(await db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(1);
    expect(await money.cachedBalance(db, customer.id)).toBe(p.priceMinor * 97);
  });

  it('20 parallel add-and-checkout attempts never spend more than the balance', async () => {
    // The exact "20 debits, balance covers 3, exactly 3 succeed" guarantee is tested on the
    // ledger (ledger.test.ts): one customer has one cart, so racing checkouts here buy
    // whatever the cart holds at that moment. The invariant that must hold whatever the timing:
    // every paid order was debited exactly its total, and no more than the balance was spent.
    const { db } = suite.api.database;
    const p = product(0);
    const start = p.priceMinor * 3;
    const customer = await money.createCustomer(db, { balanceMinor: start });
    const attempt = async () => {
      await suite.api.call('addToCart', { token: customer.token, body: { id: p.id, count: 1 } });
      return checkout(customer, { payment_method: 'balance' });
    };
    const results = await Promise.all(Array.from({ length: 20 }, attempt));
    for (const r of results) expect([200, 409, 422]).toContain(r.status);
    const made = await db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(made).toHaveLength(results.filter((r) => r.status === 200).length);
    const spent = made.reduce((sum, order) => sum + order.totalMinor, 0);
    expect(spent).toBeLessThanOrEqual(start);
    expect(await money.cachedBalance(db, customer.id)).toBe(start - spent);
    for (const order of made) {
      const debits = await db.select().from(balanceLedger).where(eq(balanceLedger.orderId, order.id));
      expect(debits.map((d) => d.amountMinor)).toEqual([-order.totalMinor]);
    }
  });
});

describe('checkout by card (sandbox)', () => {
  it('creates a pending order and payment, and turns the cart into the order', async () => {
    const { db } = suite.api.database;
    const a = product(0);
    const b = product(1);
    const customer = await money.createCustomer(db);
    await fill(customer, [
      [a, 2],
      [b, 1],
    ]);
    const total = a.priceMinor * 2 + b.priceMinor;

    const response = await checkout(customer, { payment_method: 'card' });
    expect(response.status).toBe(200);
    const body = response.body as { redirect_url: string; order_id: number; payment_id: string };
    expect(body.redirect_url).toBe(
      `/api/sandbox/pay/${body.payment_id}?key=${await money.sandboxKey(suite.api, body.payment_id)}`,
    );
    expect(body.payment_id).toMatch(/^pay_[A-Za-z0-9]{24}$/);
    const [order] = await db.select().from(orders).where(eq(orders.id, body.order_id));
    expect(order).toMatchObject({ status: 'pending', paymentMethod: 'card', totalMinor: total });
    const [payment] = await db.select().from(payments).where(eq(payments.ref, body.payment_id));
    // The money suites run at 1 coin per euro (MONEY_SUITE_POINTS_RATE), EUR at rate 1, no VAT.
    expect(payment).toMatchObject({
      kind: 'order',
      status: 'pending',
      orderId: body.order_id,
      coinsMinor: total,
      amountMinor: total,
      currency: 'EUR',
      provider: 'sandbox',
    });
    expect(await cartCounts(customer)).toEqual([]);

    // Something added while paying stays in the cart after the payment.
    await fill(customer, [
      [a, 1],
      [product(2), 1],
    ]);
    const paid = await decide(body.payment_id, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/success-payment?payment=${body.payment_id}`);
    expect((await db.select().from(orders).where(eq(orders.id, body.order_id)))[0]?.status).toBe('paid');
    expect(await cartCounts(customer)).toEqual([
      [a.id, 1],
      [product(2).id, 1],
    ]);
    expect(await money.cachedBalance(db, customer.id)).toBe(0);
  });

  it('the same lines cannot be bought twice: a coins checkout after a card one finds the cart empty', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db, { balanceMinor: 10_000_000 });
    await fill(customer, [[product(0), 2]]);
    const card = await checkout(customer, { payment_method: 'card' });
    expect(card.status).toBe(200);
    const coins = await checkout(customer, { payment_method: 'balance' });
    expect(coins.status).toBe(409);
    const { payment_id } = card.body as { payment_id: string };
    expect((await decide(payment_id, 'pay')).headers.location).toBe(`/success-payment?payment=${payment_id}`);
    const rows = await db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(rows.map((order) => order.status)).toEqual(['paid']);
    expect(await money.cachedBalance(db, customer.id)).toBe(10_000_000);
  });

  it('a declined payment fails the order and puts its lines back into the cart', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    await fill(customer, [[product(0), 1]]);
    const response = await checkout(customer, { payment_method: 'card' });
    const { payment_id, order_id } = response.body as { payment_id: string; order_id: number };
    const declined = await decide(payment_id, 'decline');
    expect(declined.headers.location).toBe(`/fail-payment?payment=${payment_id}`);
    expect((await db.select().from(orders).where(eq(orders.id, order_id)))[0]?.status).toBe('failed');
    expect((await db.select().from(payments).where(eq(payments.ref, payment_id)))[0]?.status).toBe('failed');
    expect(await cartCounts(customer)).toEqual([[product(0).id, 1]]);
  });

  it('failing an unopened payment changes nothing once it has settled (a webhook came first)', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    await fill(customer, [[product(0), 1]]);
    const response = await checkout(customer, { payment_method: 'card' });
    const { payment_id, order_id } = response.body as { payment_id: string; order_id: number };
    const [stale] = await db.select().from(payments).where(eq(payments.ref, payment_id));
    if (stale === undefined) throw new Error('no payment');
    expect((await decide(payment_id, 'pay')).headers.location).toBe(`/success-payment?payment=${payment_id}`);
    expect(await failUnopenedPayment(db, stale)).toBe(false);
    expect((await db.select().from(payments).where(eq(payments.ref, payment_id)))[0]?.status).toBe('paid');
    expect((await db.select().from(orders).where(eq(orders.id, order_id)))[0]?.status).toBe('paid');
    expect(await cartCounts(customer)).toEqual([]);
    // Still pending: it fails, and the lines go back.
    await fill(customer, [[product(1), 1]]);
    const second = (await checkout(customer, { payment_method: 'card' })).body as { payment_id: string };
    const [pending] = await db.select().from(payments).where(eq(payments.ref, second.payment_id));
    if (pending === undefined) throw new Error('no payment');
    expect(await failUnopenedPayment(db, pending)).toBe(true);
    expect(await cartCounts(customer)).toEqual([[product(1).id, 1]]);
  });

  it('restored lines join what the cart holds meanwhile, at most 99 of a product', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    await fill(customer, [
      [product(0), 60],
      [product(1), 1],
    ]);
    const response = await checkout(customer, { payment_method: 'card' });
    const { payment_id } = response.body as { payment_id: string };
    await fill(customer, [[product(0), 50]]);
    await decide(payment_id, 'decline');
    expect(await cartCounts(customer)).toEqual([
      [product(0).id, 99],
      [product(1).id, 1],
    ]);
    // A second delivery of the decline changes nothing.
    await decide(payment_id, 'decline');
    expect(await cartCounts(customer)).toEqual([
      [product(0).id, 99],
      [product(1).id, 1],
    ]);
  });

  it('charges in the display currency, converted up, with VAT', async () => {
    const { db } = suite.api.database;
    const p = product(0);
    const customer = await money.createCustomer(db);
    await fill(customer, [[p, 1]]);
    await money.withSetting(db, 'vat_percent', 19, async () => {
      const response = await checkout(customer, { payment_method: 'card', currency: 'JPY' });
      const { payment_id } = response.body as { payment_id: string };
      const [payment] = await db.select().from(payments).where(eq(payments.ref, payment_id));
      // coins/100 EUR × 176 JPY/EUR, rounded up to whole yen, then 19 % VAT rounded half up.
      const net = Math.ceil((p.priceMinor * 176) / 100);
      expect(payment).toMatchObject({
        currency: 'JPY',
        amountMinor: net + Math.round(net * 0.19),
        coinsMinor: p.priceMinor,
      });
    });
  });

  it('is priced by the settings the storefront is shown, read at most once per SETTINGS_TTL_MS', async () => {
    const { db } = suite.api.database;
    const p = product(0);
    const customer = await money.createCustomer(db);
    await fill(customer, [[p, 1]]);
    await money.withSetting(db, 'vat_percent', 0, async () => {
      expect((await suite.api.call('getSettings', {})).body).toMatchObject({ payload: { vat_percent: 0 } });
      // Changed behind the node's back (not by this node): the cached terms still price the order.
      await db.execute(sql`update settings set value = '50'::jsonb where key = 'vat_percent'`);
      const response = await checkout(customer, { payment_method: 'card', currency: 'EUR' });
      const { payment_id } = response.body as { payment_id: string };
      const [payment] = await db.select().from(payments).where(eq(payments.ref, payment_id));
      expect(payment).toMatchObject({ currency: 'EUR', amountMinor: p.priceMinor });
    });
  });

  it('refuses a currency the store does not offer with a 422 on currency, as top-up does', async () => {
    const { db } = suite.api.database;
    const p = product(0);
    const customer = await money.createCustomer(db, { balanceMinor: 10_000_000 });
    await fill(customer, [[p, 1]]);
    const before = await money.moneySnapshot(db);
    for (const payment_method of ['card', 'balance']) {
      for (const currency of ['XXX', 'CHF']) {
        const response = await checkout(customer, { payment_method, currency });
        expect(response.status, `${payment_method} ${currency}`).toBe(422);
        expect(response.body).toEqual({
          status: 'ERROR',
          message: 'This currency is not available.',
          errors: { currency: ['This currency is not available.'] },
        });
      }
    }
    const topUp = await suite.api.call('topUpBalance', {
      token: customer.token,
      body: { amount: 10_000, currency: 'CHF', payment_method: 'card' },
    });
    expect(topUp.body).toEqual({
      status: 'ERROR',
      message: 'This currency is not available.',
      errors: { currency: ['This currency is not available.'] },
    });
    expect(await money.moneySnapshot(db)).toEqual(before);
    expect(await cartCounts(customer)).toEqual([[p.id, 1]]);
    // Without a currency the card is charged in the default one.
    const response = await checkout(customer, { payment_method: 'card' });
    const { payment_id } = response.body as { payment_id: string };
    const [payment] = await db.select().from(payments).where(eq(payments.ref, payment_id));
    expect(payment?.currency).toBe('EUR');
  });

  it('when the provider fails, the order and payment are failed and the cart stays', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    await fill(customer, [[product(0), 1]]);
    const real = await suite.api.app.ctx.payments.required();
    suite.api.app.ctx.payments.replace({
      ...real,
      provider: {
        ...real.provider,
        createCheckout: async () => {
          throw new Error('provider unreachable');
        },
      },
    });
    try {
      const response = await checkout(customer, { payment_method: 'card' });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ status: 'ERROR', message: 'Server error. Please try again later.' });
    } finally {
      suite.api.app.ctx.payments.replace(real);
    }
    const [order] = await db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(order?.status).toBe('failed');
    const [payment] = await db.select().from(payments).where(eq(payments.userId, customer.id));
    expect(payment?.status).toBe('failed');
    expect(await cartCounts(customer)).toEqual([[product(0).id, 1]]);
  });
});

describe('listOrders', () => {
  it('lists the customer own orders newest first, with their lines', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db, { balanceMinor: 1_000_000 });
    const stranger = await money.createCustomer(db, { balanceMinor: 1_000_000 });
    await fill(stranger, [[product(0), 1]]);
    await checkout(stranger, { payment_method: 'balance' });

    expect((await suite.api.call('listOrders', { token: customer.token })).body).toEqual({
      status: 'OK',
      payload: [],
    });
    await fill(customer, [[product(0), 2]]);
    const first = (await checkout(customer, { payment_method: 'balance' })).body as { order_id: number };
    await fill(customer, [
      [product(1), 1],
      [product(2), 3],
    ]);
    const second = (await checkout(customer, { payment_method: 'card' })).body as { order_id: number };

    const response = await suite.api.call('listOrders', { token: customer.token });
    expect(response.status).toBe(200);
    const payload = (response.body as { payload: Array<Record<string, unknown>> }).payload;
    expect(payload.map((o) => o.id)).toEqual([second.order_id, first.order_id]);
    expect(payload[0]).toEqual({
      id: second.order_id,
      created_at: expect.any(String),
      status: 'pending',
      payment_method: 'card',
      total: product(1).priceMinor + product(2).priceMinor * 3,
      items: [
        { product_id: product(1).id, title: product(1).title, price: product(1).priceMinor, count: 1 },
        { product_id: product(2).id, title: product(2).title, price: product(2).priceMinor, count: 3 },
      ],
      // Not paid yet: nothing is queued for the game.
      delivery: { status: 'none' },
      payment_id: (second as { payment_id?: string }).payment_id,
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      can_pay: true,
      can_cancel: true,
      // Charged to the card only once paid.
      card: null,
    });
    expect(payload[1]).toMatchObject({
      status: 'paid',
      payment_method: 'balance',
      total: product(0).priceMinor * 2,
      delivery: { status: expect.stringMatching(/^(queued|waiting)$/), player: 'Steve' },
      payment_id: null,
      expires_at: null,
      can_pay: false,
      can_cancel: false,
    });
  });

  it('needs a session; a bad lang_id is a 4xx', async () => {
    expect((await suite.api.call('listOrders')).status).toBe(401);
    const customer = await money.createCustomer(suite.api.database.db);
    expect(
      (await suite.api.call('listOrders', { token: customer.token, query: { lang_id: 'x' } })).status,
    ).toBe(422);
  });
});
