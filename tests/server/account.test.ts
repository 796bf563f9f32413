import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger, countries, users } from '../../server/db/schema';
import { ledgerBalance } from '../../server/ledger/ledger';
import * as accounts from './support/accounts';
import { errorsOf, messageOf, type TestApi } from './support/api';
import { createOperator } from './support/money';

let api: TestApi;
const BONUS = 1_250;

beforeAll(async () => {
  api = await accounts.accountsApi(BONUS);
}, 60_000);
afterAll(() => api.close());

async function verify(customer: accounts.Customer, mailIndex = 0) {
  const token = accounts.verificationTokenIn(accounts.mailsTo(api, customer.email)[mailIndex]);
  return api.call('verifyEmail', { params: { token } });
}

async function profileOf(customer: accounts.Customer, query: Record<string, number> = {}) {
  const response = await api.call('getProfile', { token: customer.token, query });
  expect(response.status).toBe(200);
  return (response.body as { payload: Record<string, unknown> }).payload;
}

describe('getProfile', () => {
  it('answers the profile exactly as the contract has it', async () => {
    const customer = await accounts.signUp(api, {
      name: 'Zoë',
      email: accounts.uniqueEmail('Profile.Owner'),
    });
    const user = await accounts.userRow(api, customer.userId);
    const germany = await accounts.countryId(api, 'DE');
    expect(await profileOf(customer)).toEqual({
      id: customer.userId,
      name: 'Zoë',
      surname: 'Stone',
      email: customer.email,
      phone: '+49 30 901820',
      phoneE164: '+4930901820',
      balance: 0,
      avatarUrl: null,
      created_at: user.createdAt.toISOString(),
      country: { id: germany, name: 'Germany', iso: 'DE' },
      city: 'Berlin',
      address: null,
      post_code: null,
      emailVerified: false,
      player: null,
      role: 'customer',
    });
  });

  it("answers an operator's profile with the operator role", async () => {
    const operator = await createOperator(api.database.db);
    const response = await api.call('getProfile', { token: operator.token });
    expect((response.body as { payload: { role: string } }).payload.role).toBe('operator');
  });

  it('names the country in the language of the request', async () => {
    const customer = await accounts.signUp(api);
    const [row] = await api.database.db.select().from(countries).where(eq(countries.iso, 'DE'));
    const profile = await profileOf(customer, { lang_id: await accounts.languageId(api, 'de') });
    expect(profile.country).toMatchObject({ iso: 'DE', name: row?.titles.de });
    expect(row?.titles.de).toBe('Deutschland');
  });

  it('shows the balance in minor units, equal to the ledger', async () => {
    const customer = await accounts.signUp(api);
    expect((await verify(customer)).headers.location).toBe(`/email/verify/success?bonus=${BONUS}`);
    const profile = await profileOf(customer);
    expect(profile).toMatchObject({ balance: BONUS, emailVerified: true });
    expect(await ledgerBalance(api.database.db, customer.userId)).toBe(BONUS);
  });

  it('answers 401 without a session and 422 for a bad lang_id', async () => {
    expect((await api.call('getProfile')).status).toBe(401);
    const customer = await accounts.signUp(api);
    expect((await api.call('getProfile', { token: customer.token, query: { lang_id: 'x' } })).status).toBe(
      422,
    );
  });
});

describe('updateProfile', () => {
  const update = async (api: TestApi, overrides: Record<string, unknown> = {}) => ({
    name: 'Steve',
    surname: 'Miner',
    phone: '+1 201 555 0123',
    phoneE164: '+12015550123',
    country: await accounts.countryId(api, 'US'),
    city: 'Hoboken',
    address: '1 Castle Point',
    post_code: '07030',
    ...overrides,
  });

  it('saves the profile', async () => {
    const customer = await accounts.signUp(api);
    const response = await api.call('updateProfile', { token: customer.token, body: await update(api) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'OK', message: 'Profile updated successfully' });
    expect(await profileOf(customer)).toMatchObject({
      name: 'Steve',
      surname: 'Miner',
      phone: '+1 201 555 0123',
      phoneE164: '+12015550123',
      country: { iso: 'US' },
      city: 'Hoboken',
      address: '1 Castle Point',
      post_code: '07030',
      email: customer.email,
    });
  });

  it('keeps an address left out and clears one sent blank', async () => {
    const customer = await accounts.signUp(api);
    await api.call('updateProfile', { token: customer.token, body: await update(api) });
    const { address: _a, post_code: _p, ...withoutAddress } = await update(api, { city: ' Jersey City ' });
    await api.call('updateProfile', { token: customer.token, body: withoutAddress });
    expect(await profileOf(customer)).toMatchObject({
      city: 'Jersey City',
      address: '1 Castle Point',
      post_code: '07030',
    });
    await api.call('updateProfile', {
      token: customer.token,
      body: await update(api, { address: ' ', post_code: '' }),
    });
    expect(await profileOf(customer)).toMatchObject({ address: null, post_code: null });
  });

  it('translates its message', async () => {
    const customer = await accounts.signUp(api);
    const response = await api.call('updateProfile', {
      token: customer.token,
      body: await update(api, { lang_id: await accounts.languageId(api, 'es') }),
    });
    expect(messageOf(response.body)).toBe('Perfil actualizado correctamente');
  });

  const cases: accounts.FieldRefusal[] = [
    ...accounts.PROFILE_FIELD_REFUSALS,
    [
      'an invalid number',
      { phone: '+1 201 555', phoneE164: '+1201555' },
      'phone',
      'Please enter a valid phone number',
    ],
    [
      'a typed phone of another number',
      { phone: '+1 201 555 0124' },
      'phone',
      'Please enter a valid phone number',
    ],
    [
      'a malformed E.164 number',
      { phoneE164: '12015550123' },
      'phoneE164',
      'Please enter a valid phone number',
    ],
    ['a control character in the address', { address: 'a\u0007b' }, 'address', 'Address is not valid'],
    ['a control character in the zip code', { post_code: '0\u00007' }, 'post_code', 'Zip code is not valid'],
    [
      'a too long zip code',
      { post_code: '1'.repeat(21) },
      'post_code',
      'Zip code may not be longer than 20 characters',
    ],
  ];
  for (const [what, overrides, field, message] of cases) {
    it(`answers 422 on ${field} for ${what}, changing nothing`, async () => {
      const customer = await accounts.signUp(api);
      const before = await accounts.accountTables(api);
      const response = await api.call('updateProfile', {
        token: customer.token,
        body: await update(api, overrides),
      });
      expect(response.status).toBe(422);
      expect(errorsOf(response.body)[field]).toEqual([message]);
      expect(await accounts.accountTables(api)).toEqual(before);
    });
  }

  it('refuses bodies that fail the schema with 422 and an anonymous caller with 401, changing nothing', async () => {
    const customer = await accounts.signUp(api);
    const valid = await update(api);
    const { city: _city, ...withoutCity } = valid;
    const before = await accounts.accountTables(api);
    for (const body of [
      { ...valid, email: 'new@example.com' },
      { ...valid, balance: 1_000_000 },
      { ...valid, country: 'US' },
      { ...valid, name: null },
      withoutCity,
    ]) {
      const response = await api.call('updateProfile', { token: customer.token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect((await api.call('updateProfile', { body: valid })).status).toBe(401);
    expect(await accounts.accountTables(api)).toEqual(before);
  });
});

describe('changePassword', () => {
  const change = (customer: accounts.Customer, body: Record<string, unknown>) =>
    api.call('changePassword', {
      token: customer.token,
      body: {
        current_password: accounts.PASSWORD,
        password: 'Emerald9',
        password_confirmation: 'Emerald9',
        ...body,
      },
    });

  it('changes the password and ends every other session', async () => {
    const customer = await accounts.signUp(api);
    const other = await api.call('login', {
      body: { username: customer.email, password: accounts.PASSWORD },
    });
    const otherToken = (other.body as { access_token: string }).access_token;

    const response = await change(customer, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'OK', message: 'Password changed successfully' });
    expect((await api.call('checkAuth', { token: customer.token })).status).toBe(200);
    expect((await api.call('checkAuth', { token: otherToken })).status).toBe(401);
    expect(
      (await api.call('login', { body: { username: customer.email, password: accounts.PASSWORD } })).status,
    ).toBe(422);
    expect(
      (await api.call('login', { body: { username: customer.email, password: 'Emerald9' } })).status,
    ).toBe(200);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'a wrong current password',
      { current_password: 'Diamond8' },
      'current_password',
      'The current password is incorrect.',
    ],
    ['an empty new password', { password: '' }, 'password', 'Password is required'],
    [
      'an empty confirmation',
      { password_confirmation: '' },
      'password_confirmation',
      'Please confirm your password',
    ],
    [
      'a different confirmation',
      { password_confirmation: 'Emerald8' },
      'password_confirmation',
      'Passwords do not match',
    ],
    [
      'a password without a digit',
      { password: 'Emeralds', password_confirmation: 'Emeralds' },
      'password',
      'Password must be 6 to 12 characters with at least 1 lower case [a-z], 1 upper case [A-Z] and 1 numeric [0-9], and no spaces',
    ],
  ];
  for (const [what, overrides, field, message] of cases) {
    it(`answers 422 on ${field} for ${what}, changing nothing`, async () => {
      const customer = await accounts.signUp(api);
      const before = await accounts.accountTables(api);
      const response = await change(customer, overrides);
      expect(response.status).toBe(422);
      expect(errorsOf(response.body)[field]).toEqual([message]);
      expect(await accounts.accountTables(api)).toEqual(before);
    });
  }

  it('reports a wrong current password first, with the confirmation error too', async () => {
    const customer = await accounts.signUp(api);
    const response = await change(customer, {
      current_password: 'Wrong123',
      password_confirmation: 'Other123',
    });
    expect(response.body).toEqual({
      status: 'ERROR',
      message: 'The current password is incorrect.',
      errors: {
        current_password: ['The current password is incorrect.'],
        password_confirmation: ['Passwords do not match'],
      },
    });
  });

  it('refuses bodies that fail the schema with 422 and an anonymous caller with 401', async () => {
    const customer = await accounts.signUp(api);
    const before = await accounts.accountTables(api);
    for (const body of [
      { password: 'Emerald9' },
      { current_password: 1, password: 'Emerald9', password_confirmation: 'Emerald9' },
    ]) {
      expect((await api.call('changePassword', { token: customer.token, body })).status).toBe(422);
    }
    const anonymous = await api.call('changePassword', {
      body: { current_password: accounts.PASSWORD, password: 'Emerald9', password_confirmation: 'Emerald9' },
    });
    expect(anonymous.status).toBe(401);
    expect(await accounts.accountTables(api)).toEqual(before);
  });
});

describe('changeEmail', () => {
  it('changes the address at once, asks to verify it and tells the old one', async () => {
    const customer = await accounts.signUp(api);
    expect((await verify(customer)).status).toBe(302);
    const newEmail = accounts.uniqueEmail('New.Address');
    const response = await api.call('changeEmail', {
      token: customer.token,
      body: { email: newEmail, password: accounts.PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'OK', message: 'Email changed successfully!' });

    const lower = newEmail.toLowerCase();
    expect(await profileOf(customer)).toMatchObject({ email: lower, emailVerified: false });
    expect((await api.call('checkAuth', { token: customer.token })).body).toMatchObject({
      emailVerified: false,
    });
    // Until the new address is verified, what needs a verified one is refused (docs/product.md §5: 403).
    const topUp = () =>
      api.call('topUpBalance', {
        token: customer.token,
        body: { amount: 2000, currency: 'EUR', payment_method: 'card' },
      });
    const blocked = await topUp();
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ message: 'Your email address is not verified.' });

    // The notice was queued with the change (server/mail/queue.ts); the link was sent at once.
    expect(accounts.mailsTo(api, customer.email)).toHaveLength(1);
    await api.sendMail();
    const [notice] = accounts.mailsTo(api, customer.email).slice(1);
    expect(notice).toContain(`The email address of your account was changed to ${lower}.`);
    const [verification] = accounts.mailsTo(api, lower);
    const token = accounts.verificationTokenIn(verification);

    expect((await api.call('login', { body: { username: lower, password: accounts.PASSWORD } })).status).toBe(
      200,
    );
    expect(
      (await api.call('login', { body: { username: customer.email, password: accounts.PASSWORD } })).status,
    ).toBe(422);

    const opened = await api.call('verifyEmail', { params: { token } });
    expect(opened.headers.location).toBe('/email/verify/success');
    const user = await accounts.userRow(api, customer.userId);
    expect(user.emailVerifiedAt).not.toBeNull();
    expect((await topUp()).status).toBe(200);
    // The welcome bonus came with the first verification only.
    expect(user.balanceMinor).toBe(BONUS);
    const rows = await api.database.db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, customer.userId));
    expect(rows).toHaveLength(1);
  });

  it('ends every other session and keeps this one, as a password change does', async () => {
    const customer = await accounts.signUp(api);
    const other = await api.call('login', {
      body: { username: customer.email, password: accounts.PASSWORD },
    });
    const otherToken = (other.body as { access_token: string }).access_token;
    const refused = await api.call('changeEmail', {
      token: customer.token,
      body: { email: accounts.uniqueEmail(), password: 'Diamond8' },
    });
    expect(refused.status).toBe(422);
    expect((await api.call('checkAuth', { token: otherToken })).status).toBe(200);

    const email = accounts.uniqueEmail();
    const response = await api.call('changeEmail', {
      token: customer.token,
      body: { email, password: accounts.PASSWORD },
    });
    expect(response.status).toBe(200);
    expect((await api.call('checkAuth', { token: customer.token })).status).toBe(200);
    expect((await api.call('checkAuth', { token: otherToken })).status).toBe(401);
    const again = await api.call('login', { body: { username: email, password: accounts.PASSWORD } });
    expect(again.status).toBe(200);
  });

  it('retires the links sent to the old address', async () => {
    const customer = await accounts.signUp(api);
    const oldToken = accounts.verificationTokenIn(accounts.mailsTo(api, customer.email)[0]);
    await api.call('requestPasswordReset', { body: { email: customer.email } });
    const reset = accounts.resetLinkIn((await accounts.waitForMail(api, customer.email, 2))[1]);
    await api.call('changeEmail', {
      token: customer.token,
      body: { email: accounts.uniqueEmail(), password: accounts.PASSWORD },
    });
    const response = await api.call('verifyEmail', { params: { token: oldToken } });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/email/verify/invalid');
    expect((await accounts.userRow(api, customer.userId)).emailVerifiedAt).toBeNull();
    const restored = await api.call('restorePassword', {
      body: { ...reset, password: 'Emerald9', password_confirmation: 'Emerald9' },
    });
    expect(restored.status).toBe(422);
  });

  it('refuses a wrong password alone, without telling whether the address is taken', async () => {
    const customer = await accounts.signUp(api);
    const other = await accounts.signUp(api);
    const before = await accounts.accountTables(api);
    const response = await api.call('changeEmail', {
      token: customer.token,
      body: { email: other.email, password: 'Diamond8' },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'ERROR',
      message: 'The password is incorrect.',
      errors: { password: ['The password is incorrect.'] },
    });
    expect(await accounts.accountTables(api)).toEqual(before);
  });

  const cases: [string, (customer: accounts.Customer, other: accounts.Customer) => string, string][] = [
    [
      'taken in another case',
      (_customer, other) => other.email.toUpperCase(),
      'The email has already been taken.',
    ],
    [
      'the current one',
      (customer) => customer.email.toUpperCase(),
      'The new email address is the same as the current one.',
    ],
    ['malformed', () => 'new-address', 'Please enter a valid email address'],
    ['empty', () => '', 'Email is required'],
  ];
  for (const [what, email, message] of cases) {
    it(`refuses an address that is ${what}, changing nothing`, async () => {
      const customer = await accounts.signUp(api);
      const other = await accounts.signUp(api);
      const before = await accounts.accountTables(api);
      const response = await api.call('changeEmail', {
        token: customer.token,
        body: { email: email(customer, other), password: accounts.PASSWORD },
      });
      expect(response.status).toBe(422);
      expect(errorsOf(response.body).email).toEqual([message]);
      expect(await accounts.accountTables(api)).toEqual(before);
    });
  }

  it('translates its answers', async () => {
    const customer = await accounts.signUp(api);
    const de = await accounts.languageId(api, 'de');
    const wrong = await api.call('changeEmail', {
      token: customer.token,
      body: { email: accounts.uniqueEmail(), password: 'Wrong123', lang_id: de },
    });
    expect(errorsOf(wrong.body).password).toEqual(['Das Passwort ist falsch.']);
    const done = await api.call('changeEmail', {
      token: customer.token,
      body: { email: accounts.uniqueEmail(), password: accounts.PASSWORD, lang_id: de },
    });
    expect(messageOf(done.body)).toBe('E-Mail-Adresse erfolgreich geändert!');
  });

  it('refuses bodies that fail the schema with 422 and an anonymous caller with 401', async () => {
    const customer = await accounts.signUp(api);
    const before = await accounts.accountTables(api);
    for (const body of [
      { email: accounts.uniqueEmail() },
      { email: 5, password: accounts.PASSWORD },
      { email: accounts.uniqueEmail(), password: accounts.PASSWORD, verified: true },
    ]) {
      expect((await api.call('changeEmail', { token: customer.token, body })).status).toBe(422);
    }
    expect(
      (
        await api.call('changeEmail', {
          body: { email: accounts.uniqueEmail(), password: accounts.PASSWORD },
        })
      ).status,
    ).toBe(401);
    expect(await accounts.accountTables(api)).toEqual(before);
    const [row] = await api.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, customer.userId));
    expect(row?.email).toBe(customer.email);
  });
});
