import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED } from '../../server/auth/authenticate';
import { balanceLedger, payments } from '../../server/db/schema';
import { messageOf } from './support/api';
import * as money from './support/money';

const suite = money.moneySuite();

interface RedirectBody {
  status: string;
  redirect_url: string;
  payment_id: string;
  message: string;
}

function topUp(customer: money.TestCustomer, body: Record<string, unknown>) {
  return suite.api.call('topUpBalance', { token: customer.token, body: { payment_method: 'card', ...body } });
}

async function paymentRow(ref: string) {
  const [row] = await suite.api.database.db.select().from(payments).where(eq(payments.ref, ref));
  if (row === undefined) throw new Error(`no payment ${ref}`);
  return row;
}

function decide(ref: string, choice: string) {
  return money.sandboxDecision(suite.api, ref, choice);
}

/** The key of a sandbox redirect URL. */
function keyOf(redirectUrl: string): string {
  const key = new URL(redirectUrl, 'http://shop.test').searchParams.get('key');
  if (key === null) throw new Error(`no key in ${redirectUrl}`);
  return key;
}

/** Opens the page a top-up answered, as the customer's browser does. */
function openPage(body: RedirectBody, query: Record<string, string | number> = {}) {
  return suite.api.call('sandboxPaymentPage', {
    params: { ref: body.payment_id },
    query: { key: keyOf(body.redirect_url), ...query },
  });
}

describe('topUpBalance', () => {
  it('creates a pending top-up payment and answers the sandbox page', async () => {
    const customer = await money.createCustomer(suite.api.database.db);
    const response = await topUp(customer, { amount: 2000, currency: 'EUR' });
    expect(response.status).toBe(200);
    const body = response.body as RedirectBody;
    expect(body).toEqual({
      status: 'OK',
      redirect_url: expect.stringMatching(
        new RegExp(`^/api/sandbox/pay/${body.payment_id}\\?key=[A-Za-z0-9_-]{43}$`),
      ),
      payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{24}$/),
      message: 'Please complete the payment to add 20.00 Coins to your balance.',
    });
    expect(await paymentRow(body.payment_id)).toMatchObject({
      kind: 'top_up',
      status: 'pending',
      provider: 'sandbox',
      userId: customer.id,
      orderId: null,
      amountMinor: 2000,
      currency: 'EUR',
      coinsMinor: 2000,
    });
    expect(await money.cachedBalance(suite.api.database.db, customer.id)).toBe(0);
  });

  it('credits the coins only when the payment succeeds, once', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const { payment_id } = (await topUp(customer, { amount: 1500, currency: 'EUR' })).body as RedirectBody;
    // The result page is told which payment it was, so it can say how many coins arrived.
    expect((await decide(payment_id, 'pay')).headers.location).toBe(`/success-payment?payment=${payment_id}`);
    expect(await money.cachedBalance(db, customer.id)).toBe(1500);
    const shown = await suite.api.call('getPayment', { token: customer.token, params: { id: payment_id } });
    expect(shown.body).toMatchObject({ payload: { kind: 'top_up', status: 'paid', coins: 1500 } });
    const rows = await db.select().from(balanceLedger).where(eq(balanceLedger.userId, customer.id));
    expect(rows).toMatchObject([
      { amountMinor: 1500, reason: 'top_up', idempotencyKey: `payment:${payment_id}` },
    ]);
    expect((await decide(payment_id, 'pay')).status).toBe(409);
    expect(await money.cachedBalance(db, customer.id)).toBe(1500);
  });

  it.each([
    // [currency, amount, charged with 19 % VAT, coins credited (minor)]
    ['EUR', 500, 595, 500],
    ['USD', 1000, 1190, 862], // 10.00 USD ÷ 1.16 = 8.6206… EUR → 862, rounded down
    ['JPY', 880, 1047, 500], // 880 JPY ÷ 176 = 5 EUR; VAT 167.2 → 167
    ['KWD', 1780, 2118, 500], // 1.780 KWD ÷ 0.356 = 5 EUR; VAT 338.2 → 338
    ['GBP', 435, 518, 500], // 4.35 GBP ÷ 0.87 = 5 EUR; VAT 82.65 → 83 (half up)
  ])(
    '%s %i: charges VAT on top and credits amount ÷ rate × conversion rate',
    async (currency, amount, charged, coins) => {
      const { db } = suite.api.database;
      const customer = await money.createCustomer(db);
      await money.withSetting(db, 'vat_percent', 19, async () => {
        const response = await topUp(customer, { amount, currency });
        expect(response.status).toBe(200);
        const { payment_id } = response.body as RedirectBody;
        expect(await paymentRow(payment_id)).toMatchObject({
          currency,
          amountMinor: charged,
          coinsMinor: coins,
        });
      });
    },
  );

  it('multiplies the coins by points_conversion_rate', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    await money.withSetting(db, 'points_conversion_rate', 2.5, async () => {
      const { payment_id } = (await topUp(customer, { amount: 1000, currency: 'USD' })).body as RedirectBody;
      // 10 USD ÷ 1.16 × 2.5 = 21.551… coins → 2155 minor units.
      expect((await paymentRow(payment_id)).coinsMinor).toBe(2155);
    });
  });

  it.each([
    ['EUR', 500, '€5.00'],
    ['USD', 580, '$5.80'],
    ['GBP', 435, '£4.35'],
    ['JPY', 880, '¥880'],
    ['KWD', 1780, 'KWD 1.780'],
  ])(
    '%s: the minimum is min_top_up × rate (%i), rounded up; below it is a 422',
    async (currency, minimum, shown) => {
      const { db } = suite.api.database;
      const customer = await money.createCustomer(db);
      const before = await money.moneySnapshot(db);
      const below = await topUp(customer, { amount: minimum - 1, currency });
      expect(below.status).toBe(422);
      // Intl separates a currency code from the number with a no-break space.
      const message = `The minimum top-up amount is ${shown.replace(' ', '\u00a0')}.`;
      expect(below.body).toEqual({ status: 'ERROR', message, errors: { amount: [message] } });
      expect(await money.moneySnapshot(db)).toEqual(before);
      expect((await topUp(customer, { amount: minimum, currency })).status).toBe(200);
    },
  );

  it('rounds a minimum that falls between minor units up', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    // 3.33 EUR × 1.16 = 3.8628 USD → 3.87 USD.
    await money.withSetting(db, 'min_top_up', 333, async () => {
      expect((await topUp(customer, { amount: 386, currency: 'USD' })).status).toBe(422);
      expect((await topUp(customer, { amount: 387, currency: 'USD' })).status).toBe(200);
    });
  });

  it('translates the minimum message', async () => {
    const customer = await money.createCustomer(suite.api.database.db);
    const response = await topUp(customer, {
      amount: 1,
      currency: 'EUR',
      lang_id: await money.languageId(suite.api.database.db, 'de'),
    });
    expect(messageOf(response.body)).toBe('Der Mindestbetrag für eine Aufladung ist 5,00\u00a0€.');
  });

  it('an amount worth less than one coin hundredth is a 422 when there is no minimum', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    await money.withSetting(db, 'min_top_up', 0, async () => {
      const response = await topUp(customer, { amount: 1, currency: 'JPY' });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ errors: { amount: ['Please enter a valid amount'] } });
    });
  });

  it('a currency the store does not have is a 422 on currency', async () => {
    const customer = await money.createCustomer(suite.api.database.db);
    const before = await money.moneySnapshot(suite.api.database.db);
    const response = await topUp(customer, { amount: 5000, currency: 'CHF' });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ errors: { currency: ['This currency is not available.'] } });
    expect(await money.moneySnapshot(suite.api.database.db)).toEqual(before);
  });

  it('needs a verified email (403), a session (401) and card payments switched on (422)', async () => {
    const { db } = suite.api.database;
    const unverified = await money.createCustomer(db, { verified: false });
    const before = await money.moneySnapshot(db);
    const refused = await topUp(unverified, { amount: 2000, currency: 'EUR' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ status: 'ERROR', message: EMAIL_NOT_VERIFIED });
    const anonymous = await suite.api.call('topUpBalance', {
      body: { amount: 2000, currency: 'EUR', payment_method: 'card' },
    });
    expect(anonymous.status).toBe(401);
    const customer = await money.createCustomer(db);
    await money.withSetting(db, 'payment_methods', ['balance'], async () => {
      const off = await topUp(customer, { amount: 2000, currency: 'EUR' });
      expect(off.status).toBe(422);
      expect(off.body).toMatchObject({
        errors: { payment_method: ['This payment method is not available.'] },
      });
    });
    expect(await money.moneySnapshot(db)).toEqual(before);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const customer = await money.createCustomer(suite.api.database.db);
    const before = await money.moneySnapshot(suite.api.database.db);
    const cases: Array<[unknown, number]> = [
      [{ amount: 2000, currency: 'EUR' }, 422],
      [{ amount: 2000, payment_method: 'card' }, 422],
      [{ currency: 'EUR', payment_method: 'card' }, 422],
      [{ amount: '2000', currency: 'EUR', payment_method: 'card' }, 422],
      [{ amount: 20.5, currency: 'EUR', payment_method: 'card' }, 422],
      [{ amount: 2000, currency: 'EUR', payment_method: 'card', save_payment_method: 'yes' }, 422],
      [{ amount: 2000, currency: 'EUR', payment_method: 'card', coins: 1e9 }, 422],
      [[2000], 400],
      [{ amount: 0, currency: 'EUR', payment_method: 'card' }, 422],
      [{ amount: -500, currency: 'EUR', payment_method: 'card' }, 422],
      [{ amount: 100_000_001, currency: 'EUR', payment_method: 'card' }, 422],
      [{ amount: 2000, currency: 'eur', payment_method: 'card' }, 422],
      [{ amount: 2000, currency: "EUR'; --", payment_method: 'card' }, 422],
      [{ amount: 2000, currency: '€', payment_method: 'card' }, 422],
      [{ amount: 2000, currency: 'EUR', payment_method: 'balance' }, 422],
    ];
    for (const [body, status] of cases) {
      const response = await suite.api.call('topUpBalance', { token: customer.token, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
    }
    expect(await money.moneySnapshot(suite.api.database.db)).toEqual(before);
  });
});

describe('getPayment', () => {
  it("answers the customer's own payment, and 404 for anyone else's or an unknown one", async () => {
    const customer = await money.createCustomer(suite.api.database.db);
    const other = await money.createCustomer(suite.api.database.db);
    const { payment_id } = (await topUp(customer, { amount: 2000, currency: 'USD' })).body as RedirectBody;
    const own = await suite.api.call('getPayment', { token: customer.token, params: { id: payment_id } });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      status: 'OK',
      payload: {
        id: payment_id,
        kind: 'top_up',
        status: 'pending',
        amount: 2000,
        currency: 'USD',
        coins: 1724,
        order_id: null,
        created_at: expect.any(String),
        return_to: null,
      },
    });
    expect(
      (await suite.api.call('getPayment', { token: other.token, params: { id: payment_id } })).status,
    ).toBe(404);
    const unknown = await suite.api.call('getPayment', {
      token: customer.token,
      params: { id: 'pay_00000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await suite.api.call('getPayment', { token: customer.token, params: { id: 'nope' } })).status,
    ).toBe(400);
    expect((await suite.api.call('getPayment', { params: { id: payment_id } })).status).toBe(401);
    await decide(payment_id, 'decline');
    const failed = await suite.api.call('getPayment', { token: customer.token, params: { id: payment_id } });
    expect(failed.body).toMatchObject({ payload: { status: 'failed' } });
  });
});

describe('the sandbox payment page', () => {
  it('shows the amount and three buttons, translated, styled within its own CSP and without script', async () => {
    const customer = await money.createCustomer(suite.api.database.db);
    const topped = (await topUp(customer, { amount: 1780, currency: 'KWD' })).body as RedirectBody;
    const page = await openPage(topped);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('KWD\u00a01.780');
    expect(page.text).toContain('Balance top-up: 5.00 Coins');
    expect(page.text).toContain(`action="${topped.redirect_url}"`);
    for (const choice of ['pay', 'decline', 'pending'])
      expect(page.text).toContain(`name="choice" value="${choice}"`);
    expect(page.text).not.toMatch(/<script|\son\w+=|style="/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");

    const de = await openPage(topped, { lang_id: await money.languageId(suite.api.database.db, 'de') });
    expect(de.text).toContain('>Bezahlen<');
    expect(de.text).toContain('>Offen lassen<');
  });

  it('opens only with the key of its redirect URL: the ref alone, a wrong key or another payment’s does nothing', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const attacker = await money.createCustomer(db);
    const victim = (await topUp(customer, { amount: 2000, currency: 'EUR' })).body as RedirectBody;
    const own = (await topUp(attacker, { amount: 2000, currency: 'EUR' })).body as RedirectBody;
    const before = await money.moneySnapshot(db);
    const ref = victim.payment_id;
    const keys: Array<string | undefined> = [
      undefined,
      '',
      'x'.repeat(43),
      keyOf(own.redirect_url),
      keyOf(victim.redirect_url).slice(0, 42),
      `${keyOf(victim.redirect_url)}x`,
    ];
    for (const key of keys) {
      const query = key === undefined ? {} : { key };
      const page = await suite.api.call('sandboxPaymentPage', { params: { ref }, query });
      expect(page.status, `page with key ${key}`).toBe(404);
      expect(page.text).toContain('This payment does not exist.');
      for (const choice of ['pay', 'decline', 'pending']) {
        const decision = await suite.api.call('sandboxPaymentDecision', {
          params: { ref },
          query,
          payload: `choice=${choice}`,
          contentType: money.FORM,
        });
        expect(decision.status, `${choice} with key ${key}`).toBe(404);
      }
    }
    expect(await money.moneySnapshot(db)).toEqual(before);
    expect((await paymentRow(ref)).status).toBe('pending');
    expect((await openPage(victim)).status).toBe(200);
  });

  it('its style is exactly the one the CSP hash allows', async () => {
    const { createHash } = await import('node:crypto');
    const customer = await money.createCustomer(suite.api.database.db);
    const page = await openPage(
      (await topUp(customer, { amount: 2000, currency: 'EUR' })).body as RedirectBody,
    );
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.text)?.[1] ?? '';
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(String(page.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
  });

  it('answers 404 (HTML) for an unknown payment, and 400 for a malformed ref', async () => {
    const page = await suite.api.call('sandboxPaymentPage', { params: { ref: 'pay_unknownunknown' } });
    expect(page.status).toBe(404);
    expect(page.text).toContain('This payment does not exist.');
    expect((await suite.api.call('sandboxPaymentPage', { params: { ref: '../../etc' } })).status).toBe(400);
    expect((await decide('pay_unknownunknown', 'pay')).status).toBe(404);
  });

  it('Leave pending keeps the payment pending and points the pending page at it', async () => {
    const customer = await money.createCustomer(suite.api.database.db);
    const { payment_id } = (await topUp(customer, { amount: 2000, currency: 'EUR' })).body as RedirectBody;
    const before = await money.moneySnapshot(suite.api.database.db);
    const response = await decide(payment_id, 'pending');
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/pending-payment?payment=${payment_id}`);
    expect(await money.moneySnapshot(suite.api.database.db)).toEqual(before);
  });

  it('Decline fails the payment and credits nothing; a second decision is a 409', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const topped = (await topUp(customer, { amount: 2000, currency: 'EUR' })).body as RedirectBody;
    const { payment_id } = topped;
    const response = await decide(payment_id, 'decline');
    expect(response.headers.location).toBe(`/fail-payment?payment=${payment_id}`);
    expect((await paymentRow(payment_id)).status).toBe('failed');
    expect(await money.cachedBalance(db, customer.id)).toBe(0);
    const again = await decide(payment_id, 'pay');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 'ERROR', message: 'This payment is no longer pending.' });
    expect((await paymentRow(payment_id)).status).toBe('failed');
    const page = await openPage(topped);
    expect(page.text).toContain('This payment has failed.');
    expect(page.text).not.toContain('<form');
  });

  it('parallel Pay clicks credit the coins once', async () => {
    const { db } = suite.api.database;
    const customer = await money.createCustomer(db);
    const { payment_id } = (await topUp(customer, { amount: 2000, currency: 'EUR' })).body as RedirectBody;
    const results = await Promise.all(Array.from({ length: 6 }, () => decide(payment_id, 'pay')));
    expect(results.filter((r) => r.status === 303)).not.toHaveLength(0);
    for (const r of results) expect([303, 409]).toContain(r.status);
    expect(await money.cachedBalance(db, customer.id)).toBe(2000);
  });

  it('refuses a decision without a valid choice and changes nothing', async () => {
    const customer = await money.createCustomer(suite.api.database.db);
    const { payment_id } = (await topUp(customer, { amount: 2000, currency: 'EUR' })).body as RedirectBody;
    const before = await money.moneySnapshot(suite.api.database.db);
    for (const [payload, status] of [
      ['', 422],
      ['choice=pay&extra=1', 422],
    ] as const) {
      const response = await suite.api.call('sandboxPaymentDecision', {
        params: { ref: payment_id },
        query: { key: await money.sandboxKey(suite.api, payment_id) },
        payload,
        contentType: money.FORM,
      });
      expect(response.status, payload).toBe(status);
    }
    const json = await suite.api.call('sandboxPaymentDecision', {
      params: { ref: payment_id },
      body: { choice: 'pay' },
    });
    expect(json.status).toBe(400);
    // An unknown choice breaks the enum rule: a field error.
    const steal = await suite.api.call('sandboxPaymentDecision', {
      params: { ref: payment_id },
      payload: 'choice=steal',
      contentType: money.FORM,
    });
    expect(steal.status).toBe(422);
    expect(await money.moneySnapshot(suite.api.database.db)).toEqual(before);
  });
});
