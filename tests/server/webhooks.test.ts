import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, webhookEvents } from '../../server/db/schema';
import { getOrCreateSecret } from '../../server/db/secrets';
import {
  newSandboxEvent,
  SANDBOX_SECRET_NAME,
  type SandboxEvent,
  signSandboxBody,
} from '../../server/payments/sandbox';
import { createTestApi, messageOf } from './support/api';
import {
  activeProducts,
  cachedBalance,
  createCustomer,
  moneySnapshot,
  moneySuite,
  sandboxDecision,
  type TestCustomer,
  testRateLimits,
} from './support/money';

const SECRET = 'test-sandbox-secret-0123456789abcdef';
const suite = moneySuite({ env: { SANDBOX_WEBHOOK_SECRET: SECRET } });

const now = () => Math.floor(Date.now() / 1000);

async function pendingTopUp(customer: TestCustomer, amount = 2000): Promise<string> {
  const response = await suite.api.call('topUpBalance', {
    token: customer.token,
    body: { amount, currency: 'EUR', payment_method: 'card' },
  });
  return (response.body as { payment_id: string }).payment_id;
}

function deliver(raw: string, signature: string | undefined, provider = 'sandbox') {
  return suite.api.call('paymentWebhook', {
    params: { provider },
    payload: raw,
    headers: signature === undefined ? {} : { 'blockfront-signature': signature },
  });
}

function signed(event: SandboxEvent, options: { secret?: string; at?: number } = {}) {
  const raw = JSON.stringify(event);
  return { raw, signature: signSandboxBody(options.secret ?? SECRET, raw, options.at ?? now()) };
}

async function paymentStatus(ref: string) {
  const [row] = await suite.api.database.db.select().from(payments).where(eq(payments.ref, ref));
  return row?.status;
}

describe('sandbox webhook', () => {
  it('payment.succeeded marks a top-up paid and credits its coins', async () => {
    const { db } = suite.api.database;
    const customer = await createCustomer(db);
    const ref = await pendingTopUp(customer);
    const event = newSandboxEvent('payment.succeeded', ref, now());
    const { raw, signature } = signed(event);
    const response = await deliver(raw, signature);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'OK', message: 'Processed' });
    expect(await paymentStatus(ref)).toBe('paid');
    expect(await cachedBalance(db, customer.id)).toBe(2000);
    const stored = await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id));
    expect(stored).toMatchObject([{ provider: 'sandbox', payload: event }]);
  });

  it('a second delivery of the same event answers already processed and changes nothing', async () => {
    const { db } = suite.api.database;
    const customer = await createCustomer(db);
    const ref = await pendingTopUp(customer);
    const event = newSandboxEvent('payment.succeeded', ref, now());
    const { raw, signature } = signed(event);
    expect((await deliver(raw, signature)).status).toBe(200);
    const before = await moneySnapshot(db);
    const again = await deliver(raw, signature);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'OK', message: 'Already processed' });
    // Re-signed later, same event id: still the same event.
    const later = signed(event, { at: now() + 60 });
    expect((await deliver(later.raw, later.signature)).body).toMatchObject({ message: 'Already processed' });
    // Another event with the same outcome credits nothing either.
    const other = signed(newSandboxEvent('payment.succeeded', ref, now()));
    expect((await deliver(other.raw, other.signature)).body).toMatchObject({ message: 'Already processed' });
    const after = await moneySnapshot(db);
    expect({ ...after, webhook_events: before.webhook_events }).toEqual(before);
    expect(await cachedBalance(db, customer.id)).toBe(2000);
  });

  it('20 parallel deliveries, of one event or of different ones, credit once', async () => {
    const { db } = suite.api.database;
    const customer = await createCustomer(db);
    const ref = await pendingTopUp(customer, 1200);
    const same = signed(newSandboxEvent('payment.succeeded', ref, now()));
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(same.raw, same.signature)),
      ...Array.from({ length: 10 }, () => {
        const other = signed(newSandboxEvent('payment.succeeded', ref, now()));
        return deliver(other.raw, other.signature);
      }),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    expect(results.filter((r) => messageOf(r.body) === 'Processed')).toHaveLength(1);
    expect(await cachedBalance(db, customer.id)).toBe(1200);
  });

  it('payment.failed fails the payment; a later success for it is a 409 that records nothing', async () => {
    const { db } = suite.api.database;
    const customer = await createCustomer(db);
    const ref = await pendingTopUp(customer);
    const failed = signed(newSandboxEvent('payment.failed', ref, now()));
    expect((await deliver(failed.raw, failed.signature)).body).toMatchObject({ message: 'Processed' });
    expect(await paymentStatus(ref)).toBe('failed');
    const before = await moneySnapshot(db);
    const late = signed(newSandboxEvent('payment.succeeded', ref, now()));
    const response = await deliver(late.raw, late.signature);
    expect(response.status).toBe(409);
    expect(await moneySnapshot(db)).toEqual(before);
    expect(await cachedBalance(db, customer.id)).toBe(0);
  });

  it('an order payment: success pays the order and takes its items out of the cart', async () => {
    const { db } = suite.api.database;
    const [p] = await activeProducts(db);
    if (p === undefined) throw new Error('no products');
    const customer = await createCustomer(db);
    await suite.api.call('addToCart', { token: customer.token, body: { id: p.id, count: 2 } });
    const started = await suite.api.call('checkout', {
      token: customer.token,
      body: { payment_method: 'card' },
    });
    const { payment_id, order_id } = started.body as { payment_id: string; order_id: number };
    const { raw, signature } = signed(newSandboxEvent('payment.succeeded', payment_id, now()));
    expect((await deliver(raw, signature)).status).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.id, order_id));
    expect(order?.status).toBe('paid');
    const cart = await suite.api.call('getCart', { token: customer.token });
    expect(cart.body).toEqual({ status: 'OK', cart: [] });
    expect(await cachedBalance(db, customer.id)).toBe(0);
  });

  describe('refuses forged, replayed and malformed deliveries with a 400 and changes nothing', () => {
    let ref: string;
    let customer: TestCustomer;
    beforeAll(async () => {
      customer = await createCustomer(suite.api.database.db);
      ref = await pendingTopUp(customer);
    });

    async function refused(raw: string, signature: string | undefined, status = 400) {
      const before = await moneySnapshot(suite.api.database.db);
      const response = await deliver(raw, signature);
      expect(response.status).toBe(status);
      expect(await moneySnapshot(suite.api.database.db)).toEqual(before);
      expect(await paymentStatus(ref)).toBe('pending');
      return response;
    }

    it('a signature made with another secret', async () => {
      const { raw, signature } = signed(newSandboxEvent('payment.succeeded', ref, now()), {
        secret: 'another-secret-another-secret-000',
      });
      const response = await refused(raw, signature);
      expect(response.body).toEqual({ status: 'ERROR', message: 'Invalid webhook signature' });
    });

    it('a body changed after signing', async () => {
      const { signature } = signed(newSandboxEvent('payment.failed', ref, now()));
      await refused(JSON.stringify(newSandboxEvent('payment.succeeded', ref, now())), signature);
    });

    it('a re-serialised body (the signature covers the raw bytes)', async () => {
      const event = newSandboxEvent('payment.succeeded', ref, now());
      const { signature } = signed(event);
      await refused(JSON.stringify(event, null, 2), signature);
    });

    it('a timestamp more than 5 minutes old or ahead', async () => {
      const event = newSandboxEvent('payment.succeeded', ref, now());
      await refused(...(Object.values(signed(event, { at: now() - 301 })) as [string, string]));
      await refused(...(Object.values(signed(event, { at: now() + 301 })) as [string, string]));
    });

    it('a missing or malformed signature header', async () => {
      const { raw, signature } = signed(newSandboxEvent('payment.succeeded', ref, now()));
      await refused(raw, undefined);
      for (const header of [
        '',
        'v1=abc',
        signature.replace(/t=\d+/, 't=soon'),
        signature.replace('v1=', 'v0='),
        'x'.repeat(201),
      ]) {
        await refused(raw, header);
      }
    });

    it('a body that is not an event, or not JSON', async () => {
      for (const body of [
        {},
        { id: 'sbx_evt_12345678', type: 'payment.refunded', payment_ref: ref, created: 1 },
        [],
      ]) {
        const raw = JSON.stringify(body);
        await refused(raw, signSandboxBody(SECRET, raw, now()));
      }
      await refused('{"id": ', signSandboxBody(SECRET, '{"id": ', now()));
    });

    it('an event for a payment that does not exist is a 404', async () => {
      const { raw, signature } = signed(newSandboxEvent('payment.succeeded', 'pay_doesnotexist00', now()));
      await refused(raw, signature, 404);
    });

    it('the webhook of a provider that is not configured is a 404', async () => {
      const before = await moneySnapshot(suite.api.database.db);
      const { raw, signature } = signed(newSandboxEvent('payment.succeeded', ref, now()));
      const response = await suite.api.call('paymentWebhook', {
        params: { provider: 'stripe' },
        payload: raw,
        headers: { 'stripe-signature': signature },
      });
      expect(response.status).toBe(404);
      expect(
        (await suite.api.call('paymentWebhook', { params: { provider: 'paypal' }, payload: raw })).status,
      ).toBe(400);
      expect(await moneySnapshot(suite.api.database.db)).toEqual(before);
    });
  });

  it('accepts a delivery signed within the tolerance, and any one of several v1 signatures', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const ref = await pendingTopUp(customer);
    const { raw } = signed(newSandboxEvent('payment.succeeded', ref, now()));
    const at = now() - 290;
    const good = signSandboxBody(SECRET, raw, at);
    const rotated = `${signSandboxBody('old-secret-old-secret-old-secret-00', raw, at)},${good.split(',')[1]}`;
    expect((await deliver(raw, rotated)).body).toMatchObject({ message: 'Processed' });
  });
});

describe('the sandbox page delivers through the webhook verification', () => {
  it('signs its event with the secret and the provider verifies it', async () => {
    const customer = await createCustomer(suite.api.database.db);
    const ref = await pendingTopUp(customer);
    const real = await suite.api.app.ctx.payments.required();
    const seen: string[] = [];
    suite.api.app.ctx.payments.replace({
      ...real,
      provider: {
        ...real.provider,
        verifyWebhook: (raw, headers) => {
          seen.push(String(headers['blockfront-signature']));
          return real.provider.verifyWebhook(raw, headers);
        },
      },
    });
    try {
      const response = await sandboxDecision(suite.api, ref, 'pay');
      expect(response.status).toBe(303);
    } finally {
      suite.api.app.ctx.payments.replace(real);
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await cachedBalance(suite.api.database.db, customer.id)).toBe(2000);
  });

  it('without SANDBOX_WEBHOOK_SECRET the secret is kept in the database, shared by every node', async () => {
    const other = await createTestApi({ rateLimits: testRateLimits });
    try {
      const payments = await other.app.ctx.payments.required();
      expect(payments.sandboxSecret).toBe(await getOrCreateSecret(other.database.db, SANDBOX_SECRET_NAME));
      expect(payments.sandboxSecret?.length).toBeGreaterThanOrEqual(32);
    } finally {
      await other.close();
    }
  });
});
