import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { balanceLedger, idempotencyKeys, orders, payments } from '../../server/db/schema';
import { appendLedgerEntry } from '../../server/ledger/ledger';
import { PaymentsUnavailableError } from '../../server/payments/provider';
import {
  cachedBalance,
  createCustomer,
  languageId,
  moneySnapshot,
  moneySuite,
  sandboxDecision,
  type TestCustomer,
} from './support/money';

/** docs/decisions/0018: a checkout sent again with its Idempotency-Key answers the first answer, never a second order. */

const suite = moneySuite();
const { product } = suite;

let keys = 0;
const newKey = () => {
  keys += 1;
  return `test-key-${process.pid}-${keys}-${Date.now()}`;
};

async function fill(customer: TestCustomer, productIndex: number, count: number) {
  const response = await suite.api.call('addToCart', {
    token: customer.token,
    body: { id: product(productIndex).id, count },
  });
  expect(response.status).toBe(200);
}

function checkout(
  customer: TestCustomer,
  body: Record<string, unknown>,
  key?: string,
  token = customer.token,
) {
  return suite.api.call('checkout', {
    token,
    body,
    ...(key === undefined ? {} : { headers: { 'Idempotency-Key': key } }),
  });
}

const ordersOf = (customer: TestCustomer) =>
  suite.api.database.db.select().from(orders).where(eq(orders.userId, customer.id));

/**
 * Runs `fn` while the sandbox's `createCheckout` throws `error`, then puts the real provider back.
 */
async function withFailingProvider<T>(error: Error, fn: () => Promise<T>): Promise<T> {
  const real = await suite.api.app.ctx.payments.required();
  const failing = { ...real.provider, createCheckout: () => Promise.reject(error) };
  suite.api.app.ctx.payments.replace({ ...real, provider: failing });
  const settled = await fn().then(
    (value) => ({ value }),
    (reason: unknown) => ({ reason }),
  );
  suite.api.app.ctx.payments.replace(real);
  if ('reason' in settled) throw settled.reason;
  return settled.value;
}

describe('checkout with coins and an Idempotency-Key', () => {
  it('a retry with the same key and body answers the first answer: one order, one debit', async () => {
    const { db } = suite.api.database;
    const p = product(0);
    const customer = await createCustomer(db, { balanceMinor: p.priceMinor * 10 });
    await fill(customer, 0, 2);
    const key = newKey();
    const first = await checkout(customer, { payment_method: 'balance' }, key);
    expect(first.status).toBe(200);
    // The customer adds something meanwhile: the retry still does not buy it.
    await fill(customer, 1, 1);
    const again = await checkout(customer, { payment_method: 'balance' }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const made = await ordersOf(customer);
    expect(made).toHaveLength(1);
    expect(await cachedBalance(db, customer.id)).toBe(p.priceMinor * 8);
    const debits = await db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.orderId, made[0]?.id ?? -1));
    expect(debits).toHaveLength(1);
  });

  it('the same key with another body is a 422 that changes nothing', async () => {
    const { db } = suite.api.database;
    const customer = await createCustomer(db, { balanceMinor: 10_000_000 });
    await fill(customer, 0, 1);
    const key = newKey();
    expect((await checkout(customer, { payment_method: 'balance' }, key)).status).toBe(200);
    await fill(customer, 0, 1);
    const before = await moneySnapshot(db);
    for (const body of [{ payment_method: 'card' }, { payment_method: 'balance', currency: 'USD' }]) {
      const reused = await checkout(customer, body, key);
      expect(reused.status).toBe(422);
      expect(reused.body).toMatchObject({
        errors: { idempotency_key: [expect.stringContaining('already sent with other details')] },
      });
      // Not the coins' refusal: the client shows a shortfall only for that code.
      expect(reused.body).not.toHaveProperty('code');
    }
    expect(await moneySnapshot(db)).toEqual(before);
    expect(await ordersOf(customer)).toHaveLength(1);
  });

  it('a retry in another language is the same request: the first answer, one order', async () => {
    const { db } = suite.api.database;
    const customer = await createCustomer(db, { balanceMinor: 10_000_000 });
    await fill(customer, 0, 1);
    const key = newKey();
    const [en, de] = [await languageId(db, 'en'), await languageId(db, 'de')];
    const first = await checkout(customer, { payment_method: 'balance', lang_id: en }, key);
    expect(first.status).toBe(200);
    const again = await checkout(customer, { payment_method: 'balance', lang_id: de }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const card = await checkout(customer, { payment_method: 'card', lang_id: de }, key);
    expect(card.status).toBe(422);
    expect(await ordersOf(customer)).toHaveLength(1);
  });

  it('the order of the body fields does not make another request', async () => {
    const { db } = suite.api.database;
    const customer = await createCustomer(db, { balanceMinor: 10_000_000 });
    await fill(customer, 0, 1);
    const key = newKey();
    const first = await checkout(customer, { payment_method: 'balance', currency: 'EUR' }, key);
    const again = await checkout(customer, { currency: 'EUR', payment_method: 'balance' }, key);
    expect(again.body).toEqual(first.body);
  });

  it('a refusal is not kept: after topping up, the same key pays', async () => {
    const { db } = suite.api.database;
    const p = product(0);
    const customer = await createCustomer(db, { balanceMinor: p.priceMinor - 1 });
    await fill(customer, 0, 1);
    const key = newKey();
    expect((await checkout(customer, { payment_method: 'balance' }, key)).status).toBe(422);
    await db.transaction((tx) =>
      appendLedgerEntry(tx, {
        userId: customer.id,
        amountMinor: 1,
        reason: 'adjustment',
        idempotencyKey: `test-top-up:${customer.id}`,
      }),
    );
    const paid = await checkout(customer, { payment_method: 'balance' }, key);
    expect(paid.status).toBe(200);
    expect(await cachedBalance(db, customer.id)).toBe(0);
  });

  it('concurrent duplicates from several sessions make one order and all get its answer', async () => {
    const { db } = suite.api.database;
    const p = product(0);
    const customer = await createCustomer(db, { balanceMinor: p.priceMinor * 100 });
    await fill(customer, 0, 3);
    const tokens = [customer.token];
    for (let i = 0; i < 5; i += 1) tokens.push((await createSession(db, customer.id)).token);
    const key = newKey();
    const results = await Promise.all(
      [...tokens, ...tokens].map((token) => checkout(customer, { payment_method: 'balance' }, key, token)),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const made = await ordersOf(customer);
    expect(made).toHaveLength(1);
    for (const r of results) expect(r.body).toMatchObject({ order_id: made[0]?.id });
    expect(await cachedBalance(db, customer.id)).toBe(p.priceMinor * 97);
  });

  it('keys are the customer own: the same key of another customer is another checkout', async () => {
    const { db } = suite.api.database;
    const a = await createCustomer(db, { balanceMinor: 10_000_000 });
    const b = await createCustomer(db, { balanceMinor: 10_000_000 });
    await fill(a, 0, 1);
    await fill(b, 0, 1);
    const key = newKey();
    const first = (await checkout(a, { payment_method: 'balance' }, key)).body as { order_id: number };
    const second = (await checkout(b, { payment_method: 'balance' }, key)).body as { order_id: number };
    expect(second.order_id).not.toBe(first.order_id);
    expect(await ordersOf(b)).toHaveLength(1);
  });

  it('a key older than a day is forgotten', async () => {
    const { db } = suite.api.database;
    const customer = await createCustomer(db, { balanceMinor: 10_000_000 });
    await fill(customer, 0, 1);
    const key = newKey();
    expect((await checkout(customer, { payment_method: 'balance' }, key)).status).toBe(200);
    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    expect((await checkout(customer, { payment_method: 'balance' }, key)).status).toBe(409);
    await fill(customer, 0, 1);
    expect((await checkout(customer, { payment_method: 'balance' }, key)).status).toBe(200);
    expect(await ordersOf(customer)).toHaveLength(2);
  });

  it('refuses a malformed key with a 4xx', async () => {
    const customer = await createCustomer(suite.api.database.db, { balanceMinor: 10_000_000 });
    await fill(customer, 0, 1);
    for (const key of ['', 'with space', 'schlüssel', 'x'.repeat(256)]) {
      const response = await checkout(customer, { payment_method: 'balance' }, key);
      expect(response.status, JSON.stringify(key)).toBe(422);
      expect(response.body).toMatchObject({ errors: { idempotency_key: [expect.any(String)] } });
    }
    expect((await checkout(customer, { payment_method: 'balance' }, 'x'.repeat(255))).status).toBe(200);
    expect(await ordersOf(customer)).toHaveLength(1);
  });
});

describe('checkout by card and an Idempotency-Key', () => {
  it('a retry answers the same payment page; one order', async () => {
    const { db } = suite.api.database;
    const customer = await createCustomer(db);
    await fill(customer, 0, 1);
    const key = newKey();
    const first = await checkout(customer, { payment_method: 'card' }, key);
    expect(first.status).toBe(200);
    const again = await checkout(customer, { payment_method: 'card' }, key);
    expect(again.body).toEqual(first.body);
    expect(await ordersOf(customer)).toHaveLength(1);
  });

  it('after a 503 the same key opens the order it made; then its answer is kept', async () => {
    const { db } = suite.api.database;
    const customer = await createCustomer(db);
    await fill(customer, 0, 2);
    await fill(customer, 1, 1);
    const key = newKey();
    const down = await withFailingProvider(new PaymentsUnavailableError('unreachable'), () =>
      checkout(customer, { payment_method: 'card' }, key),
    );
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('30');
    const [pending] = await ordersOf(customer);
    expect(pending?.status).toBe('pending');
    // The customer adds something meanwhile: the retry opens the first order and leaves it in the cart.
    await fill(customer, 2, 1);
    const retry = await checkout(customer, { payment_method: 'card' }, key);
    expect(retry.status).toBe(200);
    const body = retry.body as { order_id: number; payment_id: string };
    expect(body.order_id).toBe(pending?.id);
    expect(await ordersOf(customer)).toHaveLength(1);
    expect((await checkout(customer, { payment_method: 'card' }, key)).body).toEqual(body);
    const paid = await sandboxDecision(suite.api, body.payment_id, 'pay');
    expect(paid.headers.location).toBe(`/success-payment?payment=${body.payment_id}`);
  });

  it('a payment the provider refused lets the key go: the lines are back and the same key buys them', async () => {
    const { db } = suite.api.database;
    const customer = await createCustomer(db);
    await fill(customer, 0, 1);
    const key = newKey();
    const refused = await withFailingProvider(new Error('refused'), () =>
      checkout(customer, { payment_method: 'card' }, key),
    );
    expect(refused.status).toBe(500);
    const retry = await checkout(customer, { payment_method: 'card' }, key);
    expect(retry.status).toBe(200);
    const made = await ordersOf(customer);
    expect(made.map((order) => order.status).sort()).toEqual(['failed', 'pending']);
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.ref, (retry.body as { payment_id: string }).payment_id));
    expect(payment?.status).toBe('pending');
  });
});
