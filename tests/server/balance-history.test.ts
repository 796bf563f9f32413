import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productTranslations } from '../../server/db/schema';
import { appendLedgerEntry, type LedgerReason } from '../../server/ledger/ledger';
import * as money from './support/money';

const suite = money.moneySuite();

type History = {
  items: Array<{ id: number; reason: string; amount: number; balance_after: number; order_id?: number }>;
  total: number;
};

function history(customer: money.TestCustomer, query: Record<string, string | number> = {}) {
  return suite.api.call('listBalanceHistory', { token: customer.token, query });
}

async function credit(
  customer: money.TestCustomer,
  amountMinor: number,
  reason: LedgerReason,
  orderId?: number,
) {
  await suite.api.database.db.transaction((tx) =>
    appendLedgerEntry(tx, {
      userId: customer.id,
      amountMinor,
      reason,
      idempotencyKey: `history-test:${customer.id}:${reason}:${amountMinor}:${orderId ?? 0}`,
      ...(orderId === undefined ? {} : { orderId }),
    }),
  );
}

/** A customer with a bonus, a top-up, an order paid in coins, its part refund and a debit adjustment. */
async function busyCustomer() {
  const customer = await money.createCustomer(suite.api.database.db);
  await credit(customer, 5000, 'welcome_bonus');
  const product = suite.product(0);
  await credit(customer, product.priceMinor * 2, 'top_up');
  const added = await suite.api.call('addToCart', {
    token: customer.token,
    body: { id: product.id, count: 1 },
  });
  expect(added.status).toBe(200);
  const paid = await suite.api.call('checkout', {
    token: customer.token,
    body: { payment_method: 'balance' },
  });
  expect(paid.status).toBe(200);
  const orderId = (paid.body as { order_id: number }).order_id;
  await credit(customer, 100, 'refund', orderId);
  await credit(customer, -50, 'adjustment');
  return { customer, product, orderId };
}

describe('GET /balance/history', () => {
  it('lists every entry newest first with the running balance after each', async () => {
    const { customer, product, orderId } = await busyCustomer();
    const response = await history(customer);
    expect(response.status).toBe(200);
    const { items, total } = (response.body as { payload: History }).payload;
    expect(total).toBe(5);
    const price = product.priceMinor;
    expect(
      items.map(({ reason, amount, balance_after, order_id }) => ({
        reason,
        amount,
        balance_after,
        order_id,
      })),
    ).toEqual([
      { reason: 'adjustment', amount: -50, balance_after: 5000 + price + 100 - 50, order_id: undefined },
      { reason: 'refund', amount: 100, balance_after: 5000 + price + 100, order_id: orderId },
      { reason: 'order', amount: -price, balance_after: 5000 + price, order_id: orderId },
      { reason: 'top_up', amount: price * 2, balance_after: 5000 + price * 2, order_id: undefined },
      { reason: 'welcome_bonus', amount: 5000, balance_after: 5000, order_id: undefined },
    ]);
    expect(items[0]?.balance_after).toBe(await money.cachedBalance(suite.api.database.db, customer.id));
  });

  it('pages: page 2 continues where page 1 ends, with the running sums of the whole ledger', async () => {
    const { customer } = await busyCustomer();
    const all = ((await history(customer)).body as { payload: History }).payload.items;
    const first = await history(customer, { page: 1, per_page: 2 });
    const second = await history(customer, { page: 2, per_page: 2 });
    const third = await history(customer, { page: 3, per_page: 2 });
    const past = await history(customer, { page: 4, per_page: 2 });
    const pages = [first, second, third, past].map((r) => (r.body as { payload: History }).payload);
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5, 5]);
    expect(pages.flatMap((page) => page.items)).toEqual(all);
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1, 0]);
  });

  it('only the customer’s own entries', async () => {
    await busyCustomer();
    const fresh = await money.createCustomer(suite.api.database.db);
    const response = await history(fresh);
    expect((response.body as { payload: History }).payload).toEqual({ items: [], total: 0 });
  });

  it.each<Record<string, string | number>>([
    { page: 0 },
    { page: 10001 },
    { page: 'two' },
    { per_page: 0 },
    { per_page: 101 },
  ])('refuses %o with a 422', async (query) => {
    const customer = await money.createCustomer(suite.api.database.db);
    const response = await history(customer, query);
    expect(response.status).toBe(422);
  });

  it('is 401 signed out', async () => {
    expect((await suite.api.call('listBalanceHistory')).status).toBe(401);
  });
});

describe('GET /orders/{id}', () => {
  type Detail = {
    id: number;
    status: string;
    payment_method: string;
    total: number;
    lines: Array<{ product_id: number | null; title: string; price: number; count: number }>;
    payments: Array<{ method: string; status: string; coins: number; card: unknown; at: string }>;
  };

  it('answers the customer’s own order with its lines and the coins paid', async () => {
    const { customer, product, orderId } = await busyCustomer();
    const response = await suite.api.call('getOrder', { token: customer.token, params: { id: orderId } });
    expect(response.status).toBe(200);
    const order = (response.body as { payload: Detail }).payload;
    expect(order).toMatchObject({
      id: orderId,
      status: 'paid',
      payment_method: 'balance',
      total: product.priceMinor,
      lines: [{ product_id: product.id, title: product.title, price: product.priceMinor, count: 1 }],
      payments: [{ method: 'balance', status: 'paid', coins: product.priceMinor, card: null }],
    });
  });

  it('titles in the language asked for, in the order and in the history list', async () => {
    const { db } = suite.api.database;
    const { customer, product, orderId } = await busyCustomer();
    const de = await money.languageId(suite.api, 'de');
    const [german] = await db
      .select({ title: productTranslations.title })
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, product.id), eq(productTranslations.languageId, de)));
    expect(german?.title).toBeDefined();
    expect(german?.title).not.toBe(product.title);
    const detail = await suite.api.call('getOrder', {
      token: customer.token,
      params: { id: orderId },
      query: { lang_id: de },
    });
    expect((detail.body as { payload: Detail }).payload.lines[0]?.title).toBe(german?.title);
    const list = await suite.api.call('listOrders', { token: customer.token, query: { lang_id: de } });
    const orders = (list.body as { payload: Array<{ id: number; items: Detail['lines']; card: unknown }> })
      .payload;
    expect(orders.find((order) => order.id === orderId)).toMatchObject({
      items: [{ title: german?.title }],
      card: null,
    });
  });

  it('a card order: the card payment with its charge, in the detail and in the list once paid', async () => {
    const customer = await money.createCustomer(suite.api.database.db);
    const product = suite.product(1);
    await suite.api.call('addToCart', { token: customer.token, body: { id: product.id, count: 1 } });
    const started = await suite.api.call('checkout', {
      token: customer.token,
      body: { payment_method: 'card' },
    });
    const { order_id: orderId, payment_id: ref } = started.body as { order_id: number; payment_id: string };
    await money.sandboxDecision(suite.api, ref, 'pay');
    const detail = await suite.api.call('getOrder', { token: customer.token, params: { id: orderId } });
    const order = (detail.body as { payload: Detail }).payload;
    expect(order).toMatchObject({ status: 'paid', payment_method: 'card', total: product.priceMinor });
    expect(order.payments).toEqual([
      {
        method: 'card',
        status: 'paid',
        coins: product.priceMinor,
        card: { currency: expect.stringMatching(/^[A-Z]{3}$/), amount: expect.any(Number) },
        at: expect.any(String),
      },
    ]);
    const list = await suite.api.call('listOrders', { token: customer.token });
    const [listed] = (list.body as { payload: Array<{ card: unknown }> }).payload;
    expect(listed?.card).toEqual(order.payments[0]?.card);
  });

  it('is 404 for another customer’s order and for none, 401 signed out', async () => {
    const { orderId } = await busyCustomer();
    const other = await money.createCustomer(suite.api.database.db);
    const theirs = await suite.api.call('getOrder', { token: other.token, params: { id: orderId } });
    expect(theirs.status).toBe(404);
    const none = await suite.api.call('getOrder', { token: other.token, params: { id: 2_000_000_000 } });
    expect(none.status).toBe(404);
    expect(theirs.body).toEqual(none.body);
    expect((await suite.api.call('getOrder', { params: { id: orderId } })).status).toBe(401);
  });
});
