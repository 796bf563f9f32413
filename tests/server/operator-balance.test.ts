// An operator's balance adjustment: a ledger entry with its reason in the audit row, in one
// transaction; never below zero; a retried request adjusts once.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, balanceLedger } from '../../server/db/schema';
import { ledgerBalance } from '../../server/ledger/ledger';
import { languageId } from './support/accounts';
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

  it('adjusts once for a retried key, and refuses the key with another amount or customer', async () => {
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

    for (const [id, amount] of [
      [customer.id, 701],
      [other.id, 700],
    ] as const) {
      const reused = await adjust(op, id, { amount, reason: 'Goodwill' }, key);
      expect(reused.status).toBe(422);
      expect(reused.body).toMatchObject({
        errors: { idempotency_key: [expect.stringContaining('another customer')] },
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
