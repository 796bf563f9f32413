// The operator's display currencies (docs/architecture.md §3b): listed with their exact rates, changed with a
// version (a stale one is a 409), added and hidden with an audit row in the same transaction; the
// default is never hidden; the shop and its payments follow at once, and a payment already opened
// keeps the amounts it was opened with.

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { components } from '../../domain/contract';
import { auditLog, currencies } from '../../server/db/schema';
import { errorsOf, messageOf } from './support/api';
import {
  cachedBalance,
  createCustomer,
  createOperator,
  languageId,
  moneySuite,
  sandboxDecision,
  type TestCustomer,
} from './support/money';

const suite = moneySuite();
const db = () => suite.api.database.db;

type OperatorCurrency = components['schemas']['OperatorCurrency'];

const payloadOf = (body: unknown) => (body as { payload: OperatorCurrency }).payload;

function update(
  op: TestCustomer,
  code: string,
  body: Record<string, unknown>,
  query?: Record<string, number>,
) {
  return suite.api.call('updateCurrency', {
    token: op.token,
    params: { code },
    body,
    ...(query === undefined ? {} : { query }),
  });
}

async function current(op: TestCustomer, code: string): Promise<OperatorCurrency> {
  return payloadOf((await suite.api.call('getOperatorCurrency', { token: op.token, params: { code } })).body);
}

const auditsOf = (code: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'currency'), eq(auditLog.entityId, code)))
    .orderBy(auditLog.id);

async function shopCurrencies() {
  return (
    (await suite.api.call('listCurrencies', {})).body as {
      payload: Array<{ code: string; value: number; symbol: string; default: number }>;
    }
  ).payload;
}

function topUp(customer: TestCustomer, amount: number, currency: string) {
  return suite.api.call('topUpBalance', {
    token: customer.token,
    body: { payment_method: 'card', amount, currency },
  });
}

describe('the operator currencies', () => {
  it('lists every currency, the default first, with its exact rate, decimals and version', async () => {
    const op = await createOperator(db());
    const response = await suite.api.call('listOperatorCurrencies', { token: op.token });
    expect(response.status).toBe(200);
    const list = (response.body as { payload: OperatorCurrency[] }).payload;
    expect(list.map(({ code, value, decimals }) => [code, value, decimals])).toEqual([
      ['EUR', '1', 2],
      ['GBP', '0.87', 2],
      ['JPY', '176', 0],
      ['KWD', '0.356', 3],
      ['USD', '1.16', 2],
    ]);
    expect(list[0]).toEqual({
      code: 'EUR',
      value: '1',
      symbol: '€',
      default: true,
      hidden: false,
      decimals: 2,
      version: 1,
    });
    expect(
      (await suite.api.call('getOperatorCurrency', { token: op.token, params: { code: 'CHF' } })).status,
    ).toBe(404);
  });

  it('changes a rate with an audit row; the shop answers it and new payments are priced with it at once, an opened one keeps its amounts', async () => {
    const op = await createOperator(db());
    const customer = await createCustomer(db());
    // Opened at 1.16: 10.00 USD buy 862 coin minor units (tests/server/payments.test.ts).
    const opened = (await topUp(customer, 1000, 'USD')).body as { payment_id: string };

    const before = await current(op, 'USD');
    const saved = await update(op, 'USD', { version: before.version, value: '2,000' });
    expect(saved.status).toBe(200);
    expect(payloadOf(saved.body)).toMatchObject({ code: 'USD', value: '2', version: before.version + 1 });
    expect(
      (await auditsOf('USD')).map(({ actor, action, before, after }) => ({ actor, action, before, after })),
    ).toEqual([
      {
        actor: op.email,
        action: 'currency.update',
        before: { value: '1.16', version: before.version },
        after: { value: '2', version: before.version + 1 },
      },
    ]);
    expect((await shopCurrencies()).find(({ code }) => code === 'USD')?.value).toBe(2);

    expect((await sandboxDecision(suite.api, opened.payment_id, 'pay')).status).toBe(303);
    expect(await cachedBalance(db(), customer.id)).toBe(862);
    const next = (await topUp(customer, 1000, 'USD')).body as { message: string };
    expect(next.message).toBe('Please complete the payment to add 5.00 Coins to your balance.');

    const unchanged = await update(op, 'USD', { version: before.version + 1, value: '2.0' });
    expect(payloadOf(unchanged.body).version).toBe(before.version + 1);
    expect(await auditsOf('USD')).toHaveLength(1);
  });

  it('refuses a rate the store cannot keep at the field, in the language asked; nothing changes', async () => {
    const op = await createOperator(db());
    const { version } = await current(op, 'GBP');
    const refused = async (value: string, query?: Record<string, number>) => {
      const response = await update(op, 'GBP', { version, value }, query);
      expect(response.status, value).toBe(422);
      return errorsOf(response.body);
    };
    expect(await refused('0')).toEqual({ value: ['The rate must be greater than 0.'] });
    expect(await refused('0.000000001')).toEqual({ value: ['The rate may have at most 8 decimals.'] });
    expect(await refused('1000000000000')).toEqual({
      value: ['The rate may have at most 12 digits before the decimal point.'],
    });
    expect(await refused('-1')).toEqual({ value: ['Enter the rate as a decimal number, like 1.16.'] });
    expect(await refused('1e3')).toEqual({ value: ['Enter the rate as a decimal number, like 1.16.'] });
    expect(await refused('0', { lang_id: await languageId(db(), 'de') })).toEqual({
      value: ['Der Kurs muss größer als 0 sein.'],
    });
    const blankSymbol = await update(op, 'GBP', { version, symbol: '  ' });
    expect(blankSymbol.status).toBe(422);
    expect(Object.keys(errorsOf(blankSymbol.body))).toEqual(['symbol']);
    // The largest and the finest rate the schema holds are kept exactly.
    expect(payloadOf((await update(op, 'GBP', { version, value: '999999999999.12345678' })).body).value).toBe(
      '999999999999.12345678',
    );
    expect(await current(op, 'GBP')).toMatchObject({ value: '999999999999.12345678', version: version + 1 });
  });

  it('refuses a save from an older version with a 409 and changes nothing', async () => {
    const op = await createOperator(db());
    const { version } = await current(op, 'JPY');
    expect((await update(op, 'JPY', { version, symbol: '円' })).status).toBe(200);
    const stale = await update(op, 'JPY', { version, value: '150' });
    expect(stale.status).toBe(409);
    expect(messageOf(stale.body)).toBe('This currency was changed meanwhile. Reload it and save again.');
    expect(await current(op, 'JPY')).toMatchObject({ value: '176', symbol: '円', version: version + 1 });
    expect((await update(op, 'XYZ', { version: 1, value: '1' })).status).toBe(404);
  });

  it('hides and shows a currency: the shop and its payments stop offering it; the default is never hidden', async () => {
    const op = await createOperator(db());
    const customer = await createCustomer(db());
    const kwd = await current(op, 'KWD');
    const hidden = await update(op, 'KWD', { version: kwd.version, hidden: true });
    expect(payloadOf(hidden.body)).toMatchObject({ hidden: true, version: kwd.version + 1 });
    expect((await shopCurrencies()).map(({ code }) => code)).not.toContain('KWD');
    const refused = await topUp(customer, 1780, 'KWD');
    expect(refused.status).toBe(422);
    expect(Object.keys(errorsOf(refused.body))).toEqual(['currency']);
    await update(op, 'KWD', { version: kwd.version + 1, hidden: false });
    expect((await shopCurrencies()).map(({ code }) => code)).toContain('KWD');
    expect((await auditsOf('KWD')).map(({ after }) => after)).toEqual([
      { hidden: true, version: kwd.version + 1 },
      { hidden: false, version: kwd.version + 2 },
    ]);

    const eur = await current(op, 'EUR');
    const hideDefault = await update(op, 'EUR', { version: eur.version, hidden: true });
    expect(hideDefault.status).toBe(409);
    expect(messageOf(hideDefault.body)).toBe(
      "The default currency cannot be hidden: the store's amounts are in it.",
    );
    expect(await current(op, 'EUR')).toEqual(eur);
    expect(await auditsOf('EUR')).toEqual([]);
  });

  it('adds a currency with an audit row, shown in the shop at once; a listed, malformed or unknown code is refused', async () => {
    const op = await createOperator(db());
    const created = await suite.api.call('createCurrency', {
      token: op.token,
      body: { code: 'CHF', value: '0.93', symbol: ' CHF ' },
    });
    expect(created.status).toBe(201);
    const chf = payloadOf(created.body);
    expect(chf).toEqual({
      code: 'CHF',
      value: '0.93',
      symbol: 'CHF',
      default: false,
      hidden: false,
      decimals: 2,
      version: 1,
    });
    expect((await auditsOf('CHF')).map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: 'currency.create', before: null, after: chf },
    ]);
    expect((await shopCurrencies()).find(({ code }) => code === 'CHF')).toEqual({
      code: 'CHF',
      value: 0.93,
      symbol: 'CHF',
      default: 0,
    });

    const rows = await db().select().from(currencies);
    const refusedCode = async (code: string) => {
      const response = await suite.api.call('createCurrency', {
        token: op.token,
        body: { code, value: '1', symbol: 'X' },
      });
      expect(response.status, code).toBe(422);
      return errorsOf(response.body);
    };
    expect(await refusedCode('CHF')).toEqual({ code: ['The store lists this currency already.'] });
    expect(await refusedCode('chf')).toEqual({
      code: ['Enter the ISO 4217 code in three capital letters, like CHF.'],
    });
    expect(await refusedCode('ABC')).toEqual({ code: ['There is no ISO 4217 currency with this code.'] });
    const hiddenNew = await suite.api.call('createCurrency', {
      token: op.token,
      body: { code: 'SEK', value: '11.5', symbol: 'kr', hidden: true },
    });
    expect(payloadOf(hiddenNew.body).hidden).toBe(true);
    expect((await shopCurrencies()).map(({ code }) => code)).not.toContain('SEK');
    expect((await db().select().from(currencies)).length).toBe(rows.length + 1);
  });
});
