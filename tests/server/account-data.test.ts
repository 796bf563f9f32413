import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, carts, mailQueue, orders, sessions, users, userTokens } from '../../server/db/schema';
import { ledgerBalance } from '../../server/ledger/ledger';
import * as accounts from './support/accounts';
import { errorsOf, messageOf, type TestApi } from './support/api';
import { activeProducts, createOperator } from './support/money';

/** docs/product.md §2 "Your data": the export and the deletion, both confirmed by the password. */

let api: TestApi;
/** Enough for any demo product. */
const BONUS = 100_000_000;

beforeAll(async () => {
  api = await accounts.accountsApi(BONUS);
}, 60_000);
afterAll(() => api.close());

/** A verified customer who bought the cheapest product with coins and has another in the cart. */
async function customerWithHistory() {
  const customer = await accounts.signUp(api);
  const token = accounts.verificationTokenIn(accounts.mailsTo(api, customer.email)[0]);
  await api.call('verifyEmail', { params: { token } });
  const [first, second] = await activeProducts(api.database.db);
  if (first === undefined || second === undefined) throw new Error('the demo store has products');
  expect(
    (await api.call('addToCart', { token: customer.token, body: { id: first.id, count: 1 } })).status,
  ).toBe(200);
  const bought = await api.call('checkout', {
    token: customer.token,
    body: { payment_method: 'balance', player: 'Steve' },
  });
  expect(bought.status).toBe(200);
  expect(
    (await api.call('addToCart', { token: customer.token, body: { id: second.id, count: 1 } })).status,
  ).toBe(200);
  return customer;
}

const withPassword = (customer: accounts.Customer, password = accounts.PASSWORD) => ({
  token: customer.token,
  body: { password },
});

describe('exportAccountData', () => {
  it('answers the profile, orders, ledger and sessions as a JSON download, changing nothing', async () => {
    const customer = await customerWithHistory();
    const before = await accounts.accountTables(api);
    const response = await api.call('exportAccountData', withPassword(customer));
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="blockfront-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const { payload } = response.body as {
      payload: Record<string, unknown[]> & { profile: { email: string } };
    };
    expect(payload.profile.email).toBe(customer.email);
    expect(payload.orders).toHaveLength(1);
    expect((payload.ledger as Array<{ reason: string }>).map((entry) => entry.reason)).toEqual([
      'order',
      'welcome_bonus',
    ]);
    expect(payload.sessions).toEqual([
      expect.objectContaining({
        revoked_at: null,
        created_at: expect.any(String),
        expires_at: expect.any(String),
      }),
    ]);
    // The same orders the history answers.
    const history = await api.call('listOrders', { token: customer.token });
    expect(payload.orders).toEqual((history.body as { payload: unknown[] }).payload);
    expect(await accounts.accountTables(api)).toEqual(before);
  });

  it('refuses a wrong password at the field, and a guest with 401', async () => {
    const customer = await accounts.signUp(api);
    const wrong = await api.call('exportAccountData', withPassword(customer, 'not-my-password'));
    expect(wrong.status).toBe(422);
    expect(errorsOf(wrong.body)).toEqual({ password: ['The password is incorrect.'] });
    expect((await api.call('exportAccountData', { body: { password: accounts.PASSWORD } })).status).toBe(401);
  });
});

describe('deleteAccount', () => {
  it('anonymises the profile, ends every session and link, empties the cart, and keeps the sales records', async () => {
    const customer = await customerWithHistory();
    const other = await api.call('login', {
      body: { username: customer.email, password: accounts.PASSWORD },
    });
    const otherToken = String((other.body as { access_token: string }).access_token);
    const db = api.database.db;
    const ledgerBefore = await ledgerBalance(db, customer.userId);
    const ordersBefore = await db.select().from(orders).where(eq(orders.userId, customer.userId));

    // The order's confirmation was queued with the customer's address and name.
    expect(await db.select().from(mailQueue).where(eq(mailQueue.userId, customer.userId))).not.toEqual([]);
    const response = await api.call('deleteAccount', withPassword(customer));
    expect(response.status).toBe(200);
    expect(messageOf(response.body)).toBe('Your account was deleted.');

    const user = await accounts.userRow(api, customer.userId);
    expect(user).toMatchObject({
      name: '',
      surname: '',
      email: `deleted-${customer.userId}@deleted.invalid`,
      phone: '',
      phoneE164: '',
      city: '',
      address: null,
      postCode: null,
      avatarUrl: null,
      player: null,
    });
    for (const token of [customer.token, otherToken]) {
      expect((await api.call('getProfile', { token })).status).toBe(401);
    }
    const live = await db.select().from(sessions).where(eq(sessions.userId, customer.userId));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    const links = await db.select().from(userTokens).where(eq(userTokens.userId, customer.userId));
    expect(links.every((link) => link.usedAt !== null || link.expiresAt <= new Date())).toBe(true);
    expect(await db.select().from(mailQueue).where(eq(mailQueue.userId, customer.userId))).toEqual([]);
    const [cart] = await db.select().from(carts).where(eq(carts.userId, customer.userId));
    if (cart !== undefined)
      expect(await db.select().from(cartLines).where(eq(cartLines.cartId, cart.id))).toEqual([]);
    // The sales records stay: the orders and the ledger, with the balance they add up to.
    expect(await db.select().from(orders).where(eq(orders.userId, customer.userId))).toEqual(ordersBefore);
    expect(await ledgerBalance(db, customer.userId)).toBe(ledgerBefore);
    // Nobody signs in with the old address or password; the address is free for a new account.
    const login = await api.call('login', {
      body: { username: customer.email, password: accounts.PASSWORD },
    });
    expect(login.status).toBe(422);
    const again = await accounts.signUp(api, { email: customer.email });
    expect(again.userId).not.toBe(customer.userId);
  });

  it('refuses a wrong password (nothing changes), an operator (403) and a guest (401)', async () => {
    const customer = await accounts.signUp(api);
    const before = await accounts.userRow(api, customer.userId);
    const wrong = await api.call('deleteAccount', withPassword(customer, 'not-my-password'));
    expect(wrong.status).toBe(422);
    expect(errorsOf(wrong.body)).toEqual({ password: ['The password is incorrect.'] });
    expect(await accounts.userRow(api, customer.userId)).toEqual(before);

    const operator = await createOperator(api.database.db);
    const { hashPassword } = await import('../../server/auth/passwords');
    await api.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(accounts.PASSWORD) })
      .where(eq(users.id, operator.id));
    const refused = await api.call('deleteAccount', {
      token: operator.token,
      body: { password: accounts.PASSWORD },
    });
    expect(refused.status).toBe(403);
    expect((await api.call('deleteAccount', { body: { password: accounts.PASSWORD } })).status).toBe(401);
  });
});
