// The operator's customer care: finding an account and its ledger and orders; a balance adjustment
// and a refund of a paid order, each a ledger entry with its reason in an audit row in one
// transaction, never below zero or past what was paid, once per Idempotency-Key.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, balanceLedger, orders, payments, refunds, users } from '../../server/db/schema';
import { ledgerBalance } from '../../server/ledger/ledger';
import { sendPendingCardRefunds } from '../../server/payments/card-refunds';
import {
  type CardRefund,
  type PaymentProvider,
  PaymentProviderRefusedError,
  PaymentsUnavailableError,
} from '../../server/payments/provider';
import { languageId, mailsTo, verificationTokenIn } from './support/accounts';
import {
  cachedBalance,
  createCustomer,
  createOperator,
  moneySuite,
  type TestCustomer,
} from './support/money';

const suite = moneySuite();
const db = () => suite.api.database.db;

function adjust(
  op: TestCustomer,
  customerId: number,
  body: Record<string, unknown>,
  key = crypto.randomUUID(),
  query?: Record<string, number>,
) {
  return suite.api.call('adjustCustomerBalance', {
    token: op.token,
    params: { id: customerId },
    headers: { 'idempotency-key': key },
    ...(query === undefined ? {} : { query }),
    body,
  });
}

const auditsOf = (customerId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(customerId))));

describe('operator balance adjustments', () => {
  it('credits and debits through the ledger, each with its reason before → after in the audit log', async () => {
    const op = await createOperator(db());
    const customer = await createCustomer(db(), { balanceMinor: 10_000 });

    const credit = await adjust(op, customer.id, { amount: 5_050, reason: '  Charged twice for VIP  ' });
    expect(credit.status).toBe(200);
    expect(credit.body).toMatchObject({
      status: 'OK',
      message: 'The balance was adjusted.',
      payload: { customer_id: customer.id, amount: 5_050, balance: 15_050 },
    });
    const debit = await adjust(op, customer.id, { amount: -15_050, reason: 'Chargeback' });
    expect(debit.body).toMatchObject({ payload: { amount: -15_050, balance: 0 } });

    expect(await cachedBalance(db(), customer.id)).toBe(0);
    expect(await ledgerBalance(db(), customer.id)).toBe(0);
    const entries = await db()
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, customer.id), eq(balanceLedger.reason, 'adjustment')));
    // The grant of createCustomer, then the two adjustments.
    expect(entries.map((entry) => Number(entry.amountMinor))).toEqual([10_000, 5_050, -15_050]);
    const audits = await auditsOf(customer.id);
    expect(audits.map(({ actor, action, before, after }) => ({ actor, action, before, after }))).toEqual([
      {
        actor: op.email,
        action: 'customer.balance.adjust',
        before: { balance: 10_000 },
        after: {
          balance: 15_050,
          amount: 5_050,
          reason: 'Charged twice for VIP',
          entry_id: (credit.body as { payload: { entry_id: number } }).payload.entry_id,
        },
      },
      {
        actor: op.email,
        action: 'customer.balance.adjust',
        before: { balance: 15_050 },
        after: {
          balance: 0,
          amount: -15_050,
          reason: 'Chargeback',
          entry_id: (debit.body as { payload: { entry_id: number } }).payload.entry_id,
        },
      },
    ]);
  });

  it('refuses a debit beyond the balance with the balance in the message (German), changing nothing', async () => {
    const op = await createOperator(db());
    const customer = await createCustomer(db(), { balanceMinor: 2_500 });
    const refused = await adjust(op, customer.id, { amount: -2_501, reason: 'Too much' }, undefined, {
      lang_id: await languageId(suite.api, 'de'),
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      errors: {
        amount: ['Eine Abbuchung darf das Guthaben nicht unter null bringen: Der Kunde hat 25,00 Coins.'],
      },
    });
    expect(await cachedBalance(db(), customer.id)).toBe(2_500);
    expect(await auditsOf(customer.id)).toEqual([]);
  });

  it('keeps no key for a refused adjustment: the same request is judged again', async () => {
    const op = await createOperator(db());
    const customer = await createCustomer(db(), { balanceMinor: 100 });
    const key = crypto.randomUUID();
    expect((await adjust(op, customer.id, { amount: -300, reason: 'Chargeback' }, key)).status).toBe(422);
    expect((await adjust(op, customer.id, { amount: 200, reason: 'Top-up by hand' })).status).toBe(200);
    const retried = await adjust(op, customer.id, { amount: -300, reason: 'Chargeback' }, key);
    expect(retried.body).toMatchObject({ status: 'OK', payload: { amount: -300, balance: 0 } });
    expect(await cachedBalance(db(), customer.id)).toBe(0);
  });

  it('adjusts once for a retried key, and refuses the key with another amount, customer or reason', async () => {
    const op = await createOperator(db());
    const customer = await createCustomer(db(), { balanceMinor: 1_000 });
    const other = await createCustomer(db());
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([
      adjust(op, customer.id, { amount: 700, reason: 'Goodwill' }, key),
      adjust(op, customer.id, { amount: 700, reason: 'Goodwill' }, key),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((second.body as { payload: unknown }).payload).toEqual(
      (first.body as { payload: unknown }).payload,
    );
    expect(await cachedBalance(db(), customer.id)).toBe(1_700);
    expect(await auditsOf(customer.id)).toHaveLength(1);

    for (const [id, amount, reason] of [
      [customer.id, 701, 'Goodwill'],
      [other.id, 700, 'Goodwill'],
      [customer.id, 700, 'Goodwill, twice'],
    ] as const) {
      const reused = await adjust(op, id, { amount, reason }, key);
      expect(reused.status).toBe(422);
      expect(reused.body).toMatchObject({
        errors: { idempotency_key: [expect.stringContaining('other details')] },
      });
    }
    expect(await cachedBalance(db(), customer.id)).toBe(1_700);
    expect(await cachedBalance(db(), other.id)).toBe(0);
  });

  it('answers 404 for no such customer, 403 for a customer, and refuses a zero, a blank reason or no key', async () => {
    const op = await createOperator(db());
    const customer = await createCustomer(db());
    expect((await adjust(op, 2_000_000_000, { amount: 100, reason: 'x' })).status).toBe(404);
    expect((await adjust(customer, customer.id, { amount: 100, reason: 'Self-service' })).status).toBe(403);
    expect((await adjust(op, customer.id, { amount: 0, reason: 'Nothing' })).status).toBe(422);
    expect((await adjust(op, customer.id, { amount: 100, reason: '   ' })).status).toBe(422);
    const keyless = await suite.api.call('adjustCustomerBalance', {
      token: op.token,
      params: { id: customer.id },
      body: { amount: 100, reason: 'No key' },
    });
    expect(keyless.status).toBe(400);
    expect(await cachedBalance(db(), customer.id)).toBe(0);
  });

  it('the audit log lists the adjustments of a customer, filtered by time', async () => {
    const op = await createOperator(db());
    const customer = await createCustomer(db());
    const before = new Date(Date.now() - 60_000).toISOString();
    expect((await adjust(op, customer.id, { amount: 100, reason: 'Welcome back' })).status).toBe(200);
    const after = new Date(Date.now() + 60_000).toISOString();
    const listed = async (query: Record<string, string>) => {
      const response = await suite.api.call('listAuditLog', {
        token: op.token,
        query: { entity: 'customer', entity_id: String(customer.id), ...query },
      });
      expect(response.status).toBe(200);
      return (response.body as { payload: { action: string }[] }).payload.map((row) => row.action);
    };
    expect(await listed({ from: before, until: after })).toEqual(['customer.balance.adjust']);
    expect(await listed({ from: after })).toEqual([]);
    expect(await listed({ until: before })).toEqual([]);
    const malformed = await suite.api.call('listAuditLog', { token: op.token, query: { from: 'yesterday' } });
    expect(malformed.status).toBe(422);
  });
});

/** A customer who paid one order of the first product with coins: its id and total. */
async function paidOrder(): Promise<{ customer: TestCustomer; orderId: number; total: number }> {
  const customer = await createCustomer(db(), { balanceMinor: 1_000_000 });
  const product = suite.products[0];
  if (product === undefined) throw new Error('no products');
  expect(
    (await suite.api.call('addToCart', { token: customer.token, body: { id: product.id, count: 1 } })).status,
  ).toBe(200);
  const paid = await suite.api.call('checkout', {
    token: customer.token,
    body: { payment_method: 'balance' },
  });
  expect(paid.status).toBe(200);
  const orderId = (paid.body as { order_id: number }).order_id;
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  return { customer, orderId, total: Number(order?.totalMinor) };
}

function refund(op: TestCustomer, orderId: number, body: Record<string, unknown>, key = crypto.randomUUID()) {
  return suite.api.call('refundOrder', {
    token: op.token,
    params: { id: orderId },
    headers: { 'idempotency-key': key },
    body: { to: 'balance', ...body },
  });
}

describe('operator refunds', () => {
  it('refunds half, then the rest, to the balance: ledger entries and audit rows, never past the total', async () => {
    const op = await createOperator(db());
    const { customer, orderId, total } = await paidOrder();
    const balanceAfterOrder = await cachedBalance(db(), customer.id);
    const half = Math.floor(total / 2);

    const first = await refund(op, orderId, { amount: half, reason: ' Rank came a day late ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      message: "The refund is on the customer's balance.",
      payload: { order_id: orderId, amount: half, refunded: half, refundable: total - half },
    });
    const beyond = await refund(op, orderId, { amount: total - half + 1, reason: 'Too much' });
    expect(beyond.status).toBe(422);
    expect(beyond.body).toMatchObject({ errors: { amount: [expect.stringContaining('is left to refund')] } });
    const rest = await refund(op, orderId, { amount: total - half, reason: 'The rest' });
    expect(rest.body).toMatchObject({ payload: { refunded: total, refundable: 0 } });
    expect((await refund(op, orderId, { amount: 1, reason: 'One more' })).status).toBe(422);

    expect(await cachedBalance(db(), customer.id)).toBe(balanceAfterOrder + total);
    expect(await ledgerBalance(db(), customer.id)).toBe(balanceAfterOrder + total);
    const entries = await db()
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.orderId, orderId), eq(balanceLedger.reason, 'refund')));
    expect(entries.map((entry) => Number(entry.amountMinor))).toEqual([half, total - half]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId))));
    expect(audits.map(({ actor, action, before, after }) => ({ actor, action, before, after }))).toEqual([
      {
        actor: op.email,
        action: 'order.refund',
        before: { refunded: 0 },
        after: {
          refunded: half,
          amount: half,
          to: 'balance',
          reason: 'Rank came a day late',
          refund_id: (first.body as { payload: { refund_id: number } }).payload.refund_id,
        },
      },
      {
        actor: op.email,
        action: 'order.refund',
        before: { refunded: half },
        after: {
          refunded: total,
          amount: total - half,
          to: 'balance',
          reason: 'The rest',
          refund_id: (rest.body as { payload: { refund_id: number } }).payload.refund_id,
        },
      },
    ]);
  });

  it('concurrent refunds never add up past the total', async () => {
    const op = await createOperator(db());
    const { customer, orderId, total } = await paidOrder();
    expect(total).toBeGreaterThan(7);
    const before = await cachedBalance(db(), customer.id);
    const quarter = Math.floor(total / 4);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => refund(op, orderId, { amount: quarter, reason: 'Again?' })),
    );
    const fit = Math.floor(total / quarter);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(fit);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(8 - fit);
    expect(await cachedBalance(db(), customer.id)).toBe(before + fit * quarter);
  });

  it('refunds once for a retried key, answering as it first did, and refuses the key with another amount, order or reason', async () => {
    const op = await createOperator(db());
    const { customer, orderId } = await paidOrder();
    const other = await paidOrder();
    const before = await cachedBalance(db(), customer.id);
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([
      refund(op, orderId, { amount: 100, reason: 'Goodwill' }, key),
      refund(op, orderId, { amount: 100, reason: 'Goodwill' }, key),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((second.body as { payload: unknown }).payload).toEqual(
      (first.body as { payload: unknown }).payload,
    );
    expect(await cachedBalance(db(), customer.id)).toBe(before + 100);
    for (const [id, amount, reason] of [
      [orderId, 101, 'Goodwill'],
      [other.orderId, 100, 'Goodwill'],
      [orderId, 100, 'Goodwill, twice'],
    ] as const) {
      const reused = await refund(op, id, { amount, reason }, key);
      expect(reused.status).toBe(422);
      expect(reused.body).toMatchObject({
        errors: { idempotency_key: [expect.stringContaining('other details')] },
      });
    }
    expect((await refund(op, orderId, { amount: 50, reason: 'Another' })).status).toBe(200);
    const retried = await refund(op, orderId, { amount: 100, reason: 'Goodwill' }, key);
    expect((retried.body as { payload: unknown }).payload).toEqual(
      (first.body as { payload: unknown }).payload,
    );
    expect(await cachedBalance(db(), customer.id)).toBe(before + 150);
  });

  it('refuses an order that is not paid (409), no such order (404), a customer (403); in German', async () => {
    const op = await createOperator(db());
    const { customer, orderId } = await paidOrder();
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    const notPaid = await suite.api.call('refundOrder', {
      token: op.token,
      params: { id: orderId },
      headers: { 'idempotency-key': crypto.randomUUID() },
      query: { lang_id: await languageId(suite.api, 'de') },
      body: { to: 'balance', amount: 1, reason: 'x' },
    });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body).toMatchObject({ message: 'Nur eine bezahlte Bestellung kann erstattet werden.' });
    expect((await refund(op, 2_000_000_000, { amount: 1, reason: 'x' })).status).toBe(404);
    expect((await refund(customer, orderId, { amount: 1, reason: 'Self-service' })).status).toBe(403);
    expect((await refund(op, orderId, { amount: 0, reason: 'Nothing' })).status).toBe(422);
  });
});

describe('operator customer lookup', () => {
  it('finds accounts by part of the email, name or player, ignoring case; % matches itself', async () => {
    const op = await createOperator(db());
    const customer = await createCustomer(db(), { player: 'Zorblax_Unique' });
    const find = async (q: string) => {
      const response = await suite.api.call('listCustomers', { token: op.token, query: { q } });
      expect(response.status).toBe(200);
      return (response.body as { payload: { id: number }[] }).payload.map((row) => row.id);
    };
    expect(await find('zorblax_u')).toEqual([customer.id]);
    expect(await find('ZORBLAX')).toEqual([customer.id]);
    expect(await find('%')).toEqual([]);
    const page = await suite.api.call('listCustomers', { token: op.token, query: { limit: 1 } });
    expect((page.body as { payload: unknown[] }).payload).toHaveLength(1);
    expect((await suite.api.call('listCustomers', { token: customer.token })).status).toBe(403);
  });

  it("shows an account's balance, ledger and orders with what each had refunded", async () => {
    const op = await createOperator(db());
    const { customer, orderId, total } = await paidOrder();
    expect((await refund(op, orderId, { amount: 300, reason: 'Late' })).status).toBe(200);
    const response = await suite.api.call('getCustomer', { token: op.token, params: { id: customer.id } });
    expect(response.status).toBe(200);
    const { payload } = response.body as {
      payload: {
        customer: { id: number; balance: number; email_verified: boolean };
        ledger: { amount: number; reason: string; order_id: number | null }[];
        orders: { id: number; status: string; total: number; refunded: number }[];
      };
    };
    expect(payload.customer).toMatchObject({
      id: customer.id,
      balance: 1_000_000 - total + 300,
      email_verified: true,
    });
    expect(payload.ledger.map(({ amount, reason, order_id }) => ({ amount, reason, order_id }))).toEqual([
      { amount: 300, reason: 'refund', order_id: orderId },
      { amount: -total, reason: 'order', order_id: orderId },
      { amount: 1_000_000, reason: 'adjustment', order_id: null },
    ]);
    expect(payload.orders).toEqual([
      expect.objectContaining({ id: orderId, status: 'paid', total, refunded: 300 }),
    ]);
    expect(
      (await suite.api.call('getCustomer', { token: op.token, params: { id: 2_000_000_000 } })).status,
    ).toBe(404);
  });
});

describe('operator order lookup', () => {
  it('finds orders by part of the email or player, status and time; shows one whole', async () => {
    const op = await createOperator(db());
    const { customer, orderId, total } = await paidOrder();
    const [account] = await db().select().from(users).where(eq(users.id, customer.id));
    expect((await refund(op, orderId, { amount: 200, reason: 'Partly late' })).status).toBe(200);
    const find = async (query: Record<string, string>) => {
      const response = await suite.api.call('listOperatorOrders', { token: op.token, query });
      expect(response.status).toBe(200);
      return (response.body as { payload: { id: number }[] }).payload.map((row) => row.id);
    };
    const email = account?.email ?? '';
    expect(await find({ q: email.toUpperCase() })).toEqual([orderId]);
    expect(await find({ q: email, status: 'paid' })).toEqual([orderId]);
    expect(await find({ q: email, status: 'cancelled' })).toEqual([]);
    expect(await find({ q: email, from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect(await find({ q: email, until: new Date(Date.now() - 60_000).toISOString() })).toEqual([]);

    const response = await suite.api.call('getOperatorOrder', { token: op.token, params: { id: orderId } });
    expect(response.status).toBe(200);
    const { payload } = response.body as {
      payload: {
        order: { refunded: number; customer_email: string };
        lines: { title: string; count: number; price: number }[];
        payments: unknown[];
        ledger: { amount: number; reason: string }[];
        refunds: { amount: number; reason: string; actor: string }[];
        deliveries: unknown[];
      };
    };
    expect(payload.order).toMatchObject({ refunded: 200, customer_email: email });
    expect(payload.lines).toEqual([
      { product_id: suite.products[0]?.id, title: expect.any(String), price: total, count: 1 },
    ]);
    expect(payload.payments).toEqual([]);
    expect(payload.ledger.map(({ amount, reason }) => ({ amount, reason }))).toEqual([
      { amount: -total, reason: 'order' },
      { amount: 200, reason: 'refund' },
    ]);
    expect(payload.refunds).toEqual([
      expect.objectContaining({ amount: 200, to: 'balance', reason: 'Partly late', actor: op.email }),
    ]);
    expect(payload.deliveries.length).toBeGreaterThan(0);
    expect(
      (await suite.api.call('getOperatorOrder', { token: op.token, params: { id: 2_000_000_000 } })).status,
    ).toBe(404);
    expect((await suite.api.call('listOperatorOrders', { token: customer.token })).status).toBe(403);
  });
});

describe('operator customer care', () => {
  it('signs a customer out on every device, with an audit row', async () => {
    const op = await createOperator(db());
    const customer = await createCustomer(db());
    expect((await suite.api.call('getProfile', { token: customer.token })).status).toBe(200);
    const revoke = (id: number) =>
      suite.api.call('revokeCustomerSessions', { token: op.token, params: { id }, body: {} });

    const signedOut = await revoke(customer.id);
    expect(signedOut.body).toEqual({
      status: 'OK',
      message: 'The customer is signed out on every device.',
      payload: { revoked: 1 },
    });
    expect((await suite.api.call('getProfile', { token: customer.token })).status).toBe(401);
    expect((await revoke(customer.id)).body).toMatchObject({ payload: { revoked: 0 } });
    expect((await revoke(2_000_000_000)).status).toBe(404);
    const audits = await auditsOf(customer.id);
    expect(audits.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: 'customer.sessions.revoke', before: { live_sessions: 1 }, after: { live_sessions: 0 } },
      { action: 'customer.sessions.revoke', before: { live_sessions: 0 }, after: { live_sessions: 0 } },
    ]);
  });

  it('sends an unverified customer a verification link that verifies, in the language asked for', async () => {
    const op = await createOperator(db());
    const customer = await createCustomer(db(), { verified: false });
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, customer.id));
    if (row === undefined) throw new Error('no customer row');
    const { email } = row;
    const de = await languageId(suite.api, 'de');
    const resend = (id: number) =>
      suite.api.call('resendCustomerVerification', {
        token: op.token,
        params: { id },
        query: { lang_id: de },
        body: {},
      });

    const sent = await resend(customer.id);
    expect(sent.body).toEqual({
      status: 'OK',
      message: `Ein neuer Bestätigungslink wurde an ${email} gesendet.`,
    });
    const [mail] = mailsTo(suite.api, email);
    expect(mail).toContain('Hallo Alex');
    const token = verificationTokenIn(mail);
    const verified = await suite.api.call('verifyEmail', { params: { token } });
    // The demo seed's welcome bonus (100 coins), named on the result page.
    expect(verified.headers.location).toBe('/email/verify/success?bonus=10000');
    expect((await auditsOf(customer.id)).map(({ action, after }) => ({ action, after }))).toEqual([
      { action: 'customer.verification.resend', after: { to: email } },
    ]);

    const again = await resend(customer.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'Die E-Mail-Adresse dieses Kunden ist bereits bestätigt.' });
    expect((await resend(2_000_000_000)).status).toBe(404);
    expect(mailsTo(suite.api, email)).toHaveLength(1);
  });
});

describe('operator overview', () => {
  type Overview = {
    days: Array<{
      date: string;
      orders_paid: number;
      coins_spent: number;
      card: Array<{ currency: string; amount: number }>;
    }>;
    top_products: Array<{ product_id: number | null; title: string; count: number; coins: number }>;
    attention: Record<
      'failed_deliveries' | 'uncertain_deliveries' | 'pending_payments' | 'late_payments',
      number
    >;
  };
  const read = async (token: string, days?: number): Promise<Overview> => {
    const answer = await suite.api.call('getOperatorOverview', {
      token,
      ...(days === undefined ? {} : { query: { days } }),
    });
    expect(answer.status).toBe(200);
    return (answer.body as { payload: Overview }).payload;
  };
  const cardOf = (day: Overview['days'][number] | undefined, currency: string) =>
    day?.card.find((entry) => entry.currency === currency)?.amount ?? 0;

  it("counts today's paid orders, coins spent, card money per currency and what needs a look", async () => {
    const op = await createOperator(db());
    const before = await read(op.token);
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));

    const { customer, total } = await paidOrder();
    const card = (status: 'paid' | 'pending', amountMinor: number, orderId: number | null = null) =>
      db()
        .insert(payments)
        .values({
          ref: crypto.randomUUID(),
          provider: 'sandbox',
          kind: orderId === null ? 'top_up' : 'order',
          userId: customer.id,
          orderId,
          amountMinor,
          currency: 'JPY',
          coinsMinor: 100,
          status,
        });
    await card('paid', 1_234);
    await card('pending', 999);
    const [closed] = await db()
      .insert(orders)
      .values({ userId: customer.id, status: 'expired', totalMinor: 100, paymentMethod: 'card' })
      .returning({ id: orders.id });
    await card('paid', 500, closed?.id);

    const after = await read(op.token);
    const [today, todayBefore] = [after.days.at(-1), before.days.at(-1)];
    expect((today?.orders_paid ?? 0) - (todayBefore?.orders_paid ?? 0)).toBe(1);
    expect((today?.coins_spent ?? 0) - (todayBefore?.coins_spent ?? 0)).toBe(total);
    expect(cardOf(today, 'JPY') - cardOf(todayBefore, 'JPY')).toBe(1_734);
    expect(after.attention.pending_payments - before.attention.pending_payments).toBe(1);
    expect(after.attention.late_payments - before.attention.late_payments).toBe(1);
    const product = suite.products[0];
    expect(after.top_products.map((entry) => entry.product_id)).toContain(product?.id);
    expect((await read(op.token, 1)).days.map((day) => day.date)).toEqual([today?.date]);
    const refused = await suite.api.call('getOperatorOverview', { token: op.token, query: { days: 0 } });
    expect(refused.status).toBe(422);
  });
});

describe('operator refunds to the card', () => {
  type Answer = () => Promise<{ providerRef: string }>;
  const sent: CardRefund[] = [];
  let answer: Answer = async () => ({ providerRef: `re_${sent.length}` });
  const provider: PaymentProvider = {
    name: 'stripe',
    createCheckout: () => Promise.reject(new Error('not in these tests')),
    verifyWebhook: () => {
      throw new Error('not in these tests');
    },
    refund: (refund) => {
      sent.push(refund);
      return answer();
    },
  };
  const answerWith = (next: Answer) => {
    suite.api.app.ctx.payments.replace({ provider });
    answer = next;
  };
  const taken: Answer = async () => ({ providerRef: `re_${sent.length}` });

  /** An order of 1,000 coin minor units paid by card, €24.99 unless told (its checkout session `cs_<id>`). */
  async function paidByCard(charged = { amountMinor: 2_499, currency: 'EUR' }) {
    const customer = await createCustomer(db());
    const [order] = await db()
      .insert(orders)
      .values({ userId: customer.id, status: 'paid', totalMinor: 1_000, paymentMethod: 'card' })
      .returning({ id: orders.id });
    if (order === undefined) throw new Error('no order');
    await db()
      .insert(payments)
      .values({
        ref: `pay_${crypto.randomUUID().replaceAll('-', '')}`,
        provider: 'stripe',
        providerRef: `cs_${order.id}`,
        kind: 'order',
        userId: customer.id,
        orderId: order.id,
        ...charged,
        coinsMinor: 1_000,
        status: 'paid',
      });
    return { customer, orderId: order.id };
  }
  const payloadOf = (answer: { body: unknown }) =>
    (answer.body as { payload: { refund_id: number; state: string; card: unknown; refundable: number } })
      .payload;

  it('sends each share of the payment to the card once, and the last refund exactly what is left', async () => {
    answerWith(taken);
    const op = await createOperator(db());
    const { customer, orderId } = await paidByCard();
    const balanceBefore = await cachedBalance(db(), customer.id);
    const shares = [];
    for (const amount of [333, 333, 334]) {
      const answer = await refund(op, orderId, { to: 'card', amount, reason: 'Server was down' });
      expect(answer.body).toMatchObject({ message: 'The refund was sent to the card.' });
      shares.push(payloadOf(answer));
    }
    // 333/1000 of €24.99 is €8.32 (rounded down), twice; the last gets the rest: €8.35.
    expect(shares.map(({ state, card }) => ({ state, card }))).toEqual([
      { state: 'succeeded', card: { currency: 'EUR', amount: 832 } },
      { state: 'succeeded', card: { currency: 'EUR', amount: 832 } },
      { state: 'succeeded', card: { currency: 'EUR', amount: 835 } },
    ]);
    expect(shares.at(-1)?.refundable).toBe(0);
    expect(sent.slice(-3)).toEqual(
      shares.map(({ refund_id, card }) => ({
        payment: { ref: expect.stringMatching(/^pay_/), providerRef: `cs_${orderId}` },
        amountMinor: (card as { amount: number }).amount,
        key: `refund_${refund_id}`,
      })),
    );
    expect(await cachedBalance(db(), customer.id)).toBe(balanceBefore);
    const beyond = await refund(op, orderId, { to: 'card', amount: 1, reason: 'More' });
    expect(beyond.status).toBe(422);
    const detail = await suite.api.call('getOperatorOrder', { token: op.token, params: { id: orderId } });
    expect((detail.body as { payload: { refunds: unknown[] } }).payload.refunds).toMatchObject([
      { to: 'card', state: 'succeeded', card: { currency: 'EUR', amount: 832 } },
      { to: 'card', state: 'succeeded', card: { currency: 'EUR', amount: 832 } },
      { to: 'card', state: 'succeeded', card: { currency: 'EUR', amount: 835 } },
    ]);
  });

  it('keeps a refund pending while the provider is away, and a retry or the sweep sends it with the same key', async () => {
    const op = await createOperator(db());
    const { orderId } = await paidByCard();
    answerWith(() => Promise.reject(new PaymentsUnavailableError('unreachable')));
    const key = crypto.randomUUID();
    const away = await refund(op, orderId, { to: 'card', amount: 500, reason: 'Lag' }, key);
    expect(away.body).toMatchObject({
      message:
        'The refund is recorded, but the payment provider cannot be reached: it is sent again automatically.',
      payload: { state: 'pending', refundable: 500 },
    });
    const { refund_id } = payloadOf(away);
    answerWith(taken);
    const retried = await refund(op, orderId, { to: 'card', amount: 500, reason: 'Lag' }, key);
    expect(payloadOf(retried)).toMatchObject({ refund_id, state: 'succeeded' });
    expect(sent.filter((one) => one.key === `refund_${refund_id}`)).toHaveLength(2);

    answerWith(() => Promise.reject(new PaymentsUnavailableError('unreachable')));
    const second = payloadOf(await refund(op, orderId, { to: 'card', amount: 100, reason: 'Lag again' }));
    expect(second.state).toBe('pending');
    answerWith(taken);
    expect(await sendPendingCardRefunds(db(), provider)).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(refunds).where(eq(refunds.id, second.refund_id));
    expect(row).toMatchObject({ status: 'succeeded', providerRef: expect.stringMatching(/^re_/) });
  });

  it('counts a refund the provider refused for nothing, with an audit row', async () => {
    const op = await createOperator(db());
    const { orderId } = await paidByCard();
    answerWith(() => Promise.reject(new PaymentProviderRefusedError()));
    const refused = await refund(op, orderId, { to: 'card', amount: 1_000, reason: 'Chargeback' });
    expect(refused.body).toMatchObject({
      message: 'The payment provider refused the refund: nothing was refunded.',
      payload: { state: 'failed', refunded: 0, refundable: 1_000 },
    });
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId))));
    expect(actions.map(({ action }) => action)).toEqual(['order.refund', 'order.refund.failed']);
    answerWith(taken);
    expect(payloadOf(await refund(op, orderId, { to: 'card', amount: 1_000, reason: 'Again' })).state).toBe(
      'succeeded',
    );
  });

  it('refuses a card refund while the store has no payment provider (503), recording nothing', async () => {
    const op = await createOperator(db());
    const { orderId } = await paidByCard();
    suite.api.app.ctx.payments.replace(undefined);
    const key = crypto.randomUUID();
    const refused = await refund(op, orderId, { to: 'card', amount: 500, reason: 'Lag' }, key);
    expect(refused.status).toBe(503);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId))));
    expect(actions).toEqual([]);
    answerWith(taken);
    const sentLater = payloadOf(await refund(op, orderId, { to: 'card', amount: 500, reason: 'Lag' }, key));
    expect(sentLater).toMatchObject({ state: 'succeeded', refundable: 500 });
  });

  it('refuses a card refund of an order paid from the balance (409) and one too small for the card (422)', async () => {
    answerWith(taken);
    const op = await createOperator(db());
    const { orderId } = await paidOrder();
    const byBalance = await refund(op, orderId, { to: 'card', amount: 1, reason: 'x' });
    expect(byBalance.status).toBe(409);
    expect(byBalance.body).toMatchObject({
      message: 'This order was paid from the balance: there is no card to refund.',
    });
    // 1/1000 of ¥300 is less than ¥1.
    const card = await paidByCard({ amountMinor: 300, currency: 'JPY' });
    const tiny = await refund(op, card.orderId, { to: 'card', amount: 1, reason: 'x' });
    expect(tiny.status).toBe(422);
    expect(tiny.body).toMatchObject({
      errors: { amount: ['This refund is too small to send to the card.'] },
    });
  });
});
