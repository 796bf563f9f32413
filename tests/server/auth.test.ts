import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens';
import { balanceLedger, users, userTokens } from '../../server/db/schema';
import { ledgerBalance } from '../../server/ledger/ledger';
import * as accounts from './support/accounts';
import { errorsOf, expectFieldRefused, expectFieldsRefused, messageOf, type TestApi } from './support/api';

let api: TestApi;
const BONUS = 750;

beforeAll(async () => {
  api = await accounts.accountsApi(BONUS);
}, 60_000);
afterAll(() => api.close());

describe('register', () => {
  it('creates the account, signs it in and emails a verification link', async () => {
    const body = await accounts.registration(api, { email: accounts.uniqueEmail('New.Customer') });
    const response = await api.call('register', { body });
    expect(response.status).toBe(201);
    const answer = response.body as Record<string, unknown>;
    expect(answer).toMatchObject({ status: 'OK', token_type: 'Bearer', emailVerified: false });
    expect(answer.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresAt = Date.parse(String(answer.expires_at));
    expect(expiresAt).toBeGreaterThan(Date.now() + 29 * 24 * 3_600_000);

    const auth = await api.call('checkAuth', { token: String(answer.access_token) });
    expect(auth.body).toEqual({ status: 'OK', authenticated: true, emailVerified: false });

    const email = body.email.toLowerCase();
    const [user] = await api.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      name: 'Alex',
      surname: 'Stone',
      phone: '+49 30 901820',
      phoneE164: '+4930901820',
      city: 'Berlin',
      countryId: body.country,
      emailVerifiedAt: null,
      balanceMinor: 0,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);

    const [mail] = accounts.mailsTo(api, email);
    const token = accounts.verificationTokenIn(mail);
    expect(mail).toContain(`http://shop.test/api/email/verify/${token}`);
    const [stored] = await api.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.userId, user?.id ?? 0));
    expect(stored).toMatchObject({ kind: 'verify_email', tokenHash: hashToken(token), usedAt: null });
    const hours = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('trims names and city', async () => {
    const customer = await accounts.signUp(api, { name: '  Zoë ', surname: ' 山田 ', city: ' München ' });
    expect(await accounts.userRow(api, customer.userId)).toMatchObject({
      name: 'Zoë',
      surname: '山田',
      city: 'München',
    });
  });

  it('stores SQL-looking text as plain text', async () => {
    const name = "Robert'); DROP TABLE users;--";
    const customer = await accounts.signUp(api, { name, city: "' OR '1'='1" });
    expect(await accounts.userRow(api, customer.userId)).toMatchObject({ name, city: "' OR '1'='1" });
  });

  const cases: accounts.FieldRefusal[] = [
    ...accounts.PROFILE_FIELD_REFUSALS,
    ['a blank surname', { surname: ' \t ' }, 'surname', 'Surname is required'],
    ['an empty email', { email: '' }, 'email', 'Email is required'],
    ['an empty city', { city: '' }, 'city', 'City is required'],
    ['a malformed email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['SQL in the email', { email: "x' OR 1=1--@example.com" }, 'email', 'Please enter a valid email address'],
    [
      'an invalid number',
      { phoneE164: '+4912345', phone: '+49 12345' },
      'phone',
      'Please enter a valid phone number',
    ],
    [
      'a malformed E.164 number',
      { phoneE164: '4930901820' },
      'phoneE164',
      'Please enter a valid phone number',
    ],
    [
      'a typed phone of another number',
      { phone: '+49 30 901821' },
      'phone',
      'Please enter a valid phone number',
    ],
    ['an empty password', { password: '' }, 'password', 'Password is required'],
    [
      'an empty confirmation',
      { password_confirmation: '' },
      'password_confirmation',
      'Please confirm your password',
    ],
    [
      'a different confirmation',
      { password_confirmation: 'Diamond8' },
      'password_confirmation',
      'Passwords do not match',
    ],
    ['a control character in the name', { name: 'Al\u0000ex' }, 'name', 'Name is not valid'],
    ['a control character in the city', { city: 'Ber\u001blin' }, 'city', 'City is not valid'],
  ];
  const rule =
    'Password must be 6 to 12 characters with at least 1 lower case [a-z], 1 upper case [A-Z] and 1 numeric [0-9], and no spaces';
  for (const password of ['Dia7', 'Diamond7Diamond7', 'diamond7', 'DIAMOND7', 'Diamonds', 'Dia mond7']) {
    cases.push([
      `the password '${password}'`,
      { password, password_confirmation: password },
      'password',
      rule,
    ]);
  }

  for (const [what, overrides, field, message] of cases) {
    it(`answers 422 on ${field} for ${what}, changing nothing`, async () => {
      const before = await accounts.accountTables(api);
      const response = await api.call('register', { body: await accounts.registration(api, overrides) });
      expect(response.status).toBe(422);
      expect(errorsOf(response.body)[field]).toEqual([message]);
      expect(messageOf(response.body)).toBe(message);
      expect(await accounts.accountTables(api)).toEqual(before);
    });
  }

  it('reports the first broken rule in the form order, every field keyed', async () => {
    const response = await api.call('register', {
      body: await accounts.registration(api, {
        name: ' ',
        country: 999_999,
        password_confirmation: 'Other123',
        phone: '+800 1234 5678',
        phoneE164: '+80012345678',
      }),
    });
    expectFieldsRefused(response, {
      name: ['Name is required'],
      country: ['Country is required'],
      phone: ['This country is not supported'],
      password_confirmation: ['Passwords do not match'],
    });
  });

  it('refuses an address already taken in another case, stored lower-cased', async () => {
    const first = await accounts.signUp(api, { email: accounts.uniqueEmail('Mixed.Case') });
    expect(first.email).toBe(first.email.toLowerCase());
    const before = await accounts.accountTables(api);
    const response = await api.call('register', {
      body: await accounts.registration(api, { email: first.email.toUpperCase() }),
    });
    expectFieldRefused(response, 'email', 'The email has already been taken.');
    expect(await accounts.accountTables(api)).toEqual(before);
  });

  it('answers in the language of lang_id', async () => {
    const first = await accounts.signUp(api);
    const response = await api.call('register', {
      body: await accounts.registration(api, {
        email: first.email,
        lang_id: await accounts.languageId(api, 'de'),
      }),
    });
    expect(errorsOf(response.body).email).toEqual(['Diese E-Mail-Adresse wird bereits verwendet.']);
  });

  it('lets only one of two simultaneous sign-ups with one address through', async () => {
    const body = await accounts.registration(api);
    const answers = await Promise.all([
      api.call('register', { body }),
      api.call('register', { body: { ...body, email: body.email.toUpperCase() } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const rows = await api.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${body.email.toLowerCase()}`);
    expect(rows).toHaveLength(1);
  });

  it('answers 403 while registration is closed', async () => {
    await accounts.setSetting(api, 'is_reg_enabled', false);
    try {
      const before = await accounts.accountTables(api);
      const response = await api.call('register', { body: await accounts.registration(api) });
      expect(response.status).toBe(403);
      expect(messageOf(response.body)).toBe('Registration is currently closed.');
      expect(await accounts.accountTables(api)).toEqual(before);
    } finally {
      await accounts.setSetting(api, 'is_reg_enabled', true);
    }
  });

  it('refuses bodies that fail the schema with 422 and malformed ones with 400, changing nothing', async () => {
    const valid = await accounts.registration(api);
    const { city: _city, ...withoutCity } = valid;
    const fieldFailures: unknown[] = [
      { ...valid, name: 5 },
      { ...valid, country: '1' },
      { ...valid, country: 1.5 },
      { ...valid, email: null },
      { ...valid, password: ['Diamond7'] },
      withoutCity,
      { ...valid, nickname: 'steve' },
    ];
    const before = await accounts.accountTables(api);
    for (const body of fieldFailures) {
      const response = await api.call('register', { body });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    for (const body of [[valid], 'text']) {
      const response = await api.call('register', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    for (const payload of [
      '{"name":',
      '',
      '{"constructor":{"prototype":{"x":1}}}',
      `{"__proto__":{"admin":true},${JSON.stringify(valid).slice(1)}`,
    ]) {
      const response = await api.call('register', { payload });
      expect(response.status, payload).toBe(400);
    }
    const form = await api.call('register', { payload: 'name=Alex', contentType: 'text/plain' });
    expect(form.status).toBe(400);
    expect(await accounts.accountTables(api)).toEqual(before);
  });
});

describe('login', () => {
  let customer: accounts.Customer;
  beforeAll(async () => {
    customer = await accounts.signUp(api, { email: accounts.uniqueEmail('Login') });
  });

  it('signs in with the address in any case', async () => {
    const response = await api.call('login', {
      body: { username: customer.email.toUpperCase(), password: accounts.PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'OK',
      message: 'Signed in successfully',
      token_type: 'Bearer',
      emailVerified: false,
    });
    const token = (response.body as { access_token: string }).access_token;
    expect(token).not.toBe(customer.token);
    expect((await api.call('checkAuth', { token })).status).toBe(200);
  });

  it('answers the same 422 for a wrong password and an unknown address', async () => {
    const before = await accounts.accountTables(api);
    const wrong = await api.call('login', { body: { username: customer.email, password: 'Diamond8' } });
    const unknown = await api.call('login', {
      body: { username: accounts.uniqueEmail(), password: accounts.PASSWORD },
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        status: 'ERROR',
        message: 'These credentials do not match our records.',
        errors: {},
      });
    }
    expect(await accounts.accountTables(api)).toEqual(before);
  });

  it('takes about as long for an unknown address as for a wrong password', async () => {
    const time = async (username: string) => {
      const started = performance.now();
      await api.call('login', { body: { username, password: 'Wrong123' } });
      return performance.now() - started;
    };
    // The fastest of each: what a login costs at least, which a busy machine only ever adds to.
    const fastest = (values: number[]) => Math.min(...values);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      known.push(await time(customer.email));
      unknown.push(await time(accounts.uniqueEmail()));
    }
    // Without the dummy verification an unknown address answers in a fraction of the time.
    expect(fastest(unknown)).toBeGreaterThan(fastest(known) * 0.5);
  });

  it('answers in the language of lang_id', async () => {
    const response = await api.call('login', {
      body: { username: customer.email, password: 'Wrong123', lang_id: await accounts.languageId(api, 'es') },
    });
    expect(messageOf(response.body)).toBe('Estas credenciales no coinciden con nuestros registros.');
  });

  it('refuses malformed input', async () => {
    const before = await accounts.accountTables(api);
    const invalid = await api.call('login', { body: { username: 'steve', password: accounts.PASSWORD } });
    expect(invalid.status).toBe(422);
    expect(errorsOf(invalid.body).username).toEqual(['Please enter a valid email address']);
    for (const body of [
      { username: customer.email },
      { username: customer.email, password: 7 },
      { username: customer.email, password: accounts.PASSWORD, remember: true },
    ]) {
      expect((await api.call('login', { body })).status).toBe(422);
    }
    expect(await accounts.accountTables(api)).toEqual(before);
  });
});

describe('checkAuth and logout', () => {
  it('reports the session and ends it on logout', async () => {
    const customer = await accounts.signUp(api);
    const check = await api.call('checkAuth', { token: customer.token });
    expect(check.body).toEqual({ status: 'OK', authenticated: true, emailVerified: false });

    const response = await api.call('logout', { token: customer.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'OK', message: 'Logged out successfully' });
    expect((await api.call('checkAuth', { token: customer.token })).status).toBe(401);
    expect((await api.call('getProfile', { token: customer.token })).status).toBe(401);
    expect((await api.call('logout', { token: customer.token })).status).toBe(401);
  });

  it('ends only the session presented', async () => {
    const customer = await accounts.signUp(api);
    const other = await api.call('login', {
      body: { username: customer.email, password: accounts.PASSWORD },
    });
    const otherToken = (other.body as { access_token: string }).access_token;
    await api.call('logout', { token: otherToken, body: { lang_id: await accounts.languageId(api, 'de') } });
    expect((await api.call('checkAuth', { token: otherToken })).status).toBe(401);
    expect((await api.call('checkAuth', { token: customer.token })).status).toBe(200);
  });

  it('translates the logout message', async () => {
    const customer = await accounts.signUp(api);
    const response = await api.call('logout', {
      token: customer.token,
      body: { lang_id: await accounts.languageId(api, 'de') },
    });
    expect(messageOf(response.body)).toBe('Erfolgreich abgemeldet');
  });

  it('answers 401 without a valid token', async () => {
    for (const token of [undefined, 'nonsense', 'A'.repeat(43)]) {
      expect((await api.call('checkAuth', { token })).status).toBe(401);
      expect((await api.call('logout', { token })).status).toBe(401);
    }
  });

  it('keeps the session when the logout body fails the schema', async () => {
    const customer = await accounts.signUp(api);
    const response = await api.call('logout', { token: customer.token, body: { everywhere: true } });
    expect(response.status).toBe(422);
    expect((await api.call('checkAuth', { token: customer.token })).status).toBe(200);
  });
});

describe('password reset', () => {
  async function requestLink(customer: accounts.Customer, langCode = 'en') {
    const count = accounts.mailsTo(api, customer.email).length;
    const response = await api.call('requestPasswordReset', {
      body: { email: customer.email.toUpperCase(), lang_id: await accounts.languageId(api, langCode) },
    });
    expect(response.status).toBe(200);
    const mails = await accounts.waitForMail(api, customer.email, count + 1);
    return { mail: mails[count] ?? '', ...accounts.resetLinkIn(mails[count]) };
  }

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = accounts.uniqueEmail();
    const before = await accounts.accountTables(api);
    const response = await api.call('requestPasswordReset', { body: { email } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'OK',
      message: 'Password reset link sent. Please check your email.',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await accounts.accountTables(api)).toEqual(before);
  });

  it('emails a single-use link on PUBLIC_URL that sets the password and ends every session', async () => {
    const customer = await accounts.signUp(api);
    const second = await api.call('login', {
      body: { username: customer.email, password: accounts.PASSWORD },
    });
    const secondToken = (second.body as { access_token: string }).access_token;
    const link = await requestLink(customer);
    expect(link.email).toBe(customer.email);
    expect(link.mail).toContain(
      `http://shop.test/reset-password-confirm?token=${link.token}&email=${encodeURIComponent(customer.email)}`,
    );
    const [stored] = await api.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(link.token)));
    expect(stored).toMatchObject({ kind: 'reset_password', userId: customer.userId, usedAt: null });
    const minutes = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const body = {
      token: link.token,
      email: link.email,
      password: 'Emerald9',
      password_confirmation: 'Emerald9',
    };
    const response = await api.call('restorePassword', { body });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'OK', message: 'Password reset successfully' });

    for (const token of [customer.token, secondToken]) {
      expect((await api.call('checkAuth', { token })).status).toBe(401);
    }
    const oldLogin = await api.call('login', {
      body: { username: customer.email, password: accounts.PASSWORD },
    });
    expect(oldLogin.status).toBe(422);
    const newLogin = await api.call('login', { body: { username: customer.email, password: 'Emerald9' } });
    expect(newLogin.status).toBe(200);

    const before = await accounts.accountTables(api);
    const reuse = await api.call('restorePassword', {
      body: { ...body, password: 'Ruby1234', password_confirmation: 'Ruby1234' },
    });
    expect(reuse.status).toBe(422);
    expect(errorsOf(reuse.body).token).toEqual(['This password reset link is invalid or has expired.']);
    expect(await accounts.accountTables(api)).toEqual(before);
  });

  it('uses up every earlier link when one is used', async () => {
    const customer = await accounts.signUp(api);
    const first = await requestLink(customer);
    const second = await requestLink(customer);
    const set = (token: string, password: string) =>
      api.call('restorePassword', {
        body: { token, email: customer.email, password, password_confirmation: password },
      });
    expect((await set(second.token, 'Emerald9')).status).toBe(200);
    expect((await set(first.token, 'Ruby1234')).status).toBe(422);
  });

  it('refuses an expired link', async () => {
    const customer = await accounts.signUp(api);
    const link = await requestLink(customer);
    await api.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(userTokens.tokenHash, hashToken(link.token)));
    const before = await accounts.accountTables(api);
    const response = await api.call('restorePassword', {
      body: {
        token: link.token,
        email: customer.email,
        password: 'Emerald9',
        password_confirmation: 'Emerald9',
      },
    });
    expect(response.status).toBe(422);
    expect(errorsOf(response.body).token).toEqual(['This password reset link is invalid or has expired.']);
    expect(await accounts.accountTables(api)).toEqual(before);
  });

  it('refuses a link with another address or a wrong confirmation, and keeps it usable', async () => {
    const customer = await accounts.signUp(api);
    const other = await accounts.signUp(api);
    const link = await requestLink(customer);
    const before = await accounts.accountTables(api);
    const body = {
      token: link.token,
      email: customer.email,
      password: 'Emerald9',
      password_confirmation: 'Emerald9',
    };

    const wrongEmail = await api.call('restorePassword', { body: { ...body, email: other.email } });
    expect(wrongEmail.status).toBe(422);
    expect(errorsOf(wrongEmail.body).token).toEqual(['This password reset link is invalid or has expired.']);

    const mismatch = await api.call('restorePassword', {
      body: { ...body, password_confirmation: 'Emerald8' },
    });
    expect(mismatch.status).toBe(422);
    expect(errorsOf(mismatch.body)).toEqual({ password_confirmation: ['Passwords do not match'] });

    const weak = await api.call('restorePassword', {
      body: { ...body, password: 'emerald9', password_confirmation: 'emerald9' },
    });
    expect(weak.status).toBe(422);
    expect(Object.keys(errorsOf(weak.body))).toEqual(['password']);

    const unknown = await api.call('restorePassword', { body: { ...body, token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(422);
    expect(errorsOf(unknown.body).token).toEqual(['This password reset link is invalid or has expired.']);

    const malformed = await api.call('restorePassword', { body: { ...body, token: "' OR 1=1 --" } });
    expect(malformed.status).toBe(422);
    expect(Object.keys(errorsOf(malformed.body))).toEqual(['token']);

    for (const bad of [{ ...body, token: 5 }, { ...body, extra: 1 }, { token: link.token }]) {
      expect((await api.call('restorePassword', { body: bad })).status).toBe(422);
    }
    expect(await accounts.accountTables(api)).toEqual(before);

    expect((await api.call('restorePassword', { body })).status).toBe(200);
  });

  it('writes the mail in the language of the request', async () => {
    const customer = await accounts.signUp(api);
    const link = await requestLink(customer, 'de');
    expect(link.mail).toContain('Wähle hier ein neues:');
  });

  it('refuses a malformed address, a missing one and an unknown field with 422', async () => {
    const malformed = await api.call('requestPasswordReset', { body: { email: 'nobody' } });
    expect(malformed.status).toBe(422);
    expect(errorsOf(malformed.body).email).toEqual(['Please enter a valid email address']);
    const dotless = await api.call('requestPasswordReset', { body: { email: '0@com' } });
    expect(dotless.status).toBe(422);
    expect(errorsOf(dotless.body).email).toEqual(['Please enter a valid email address']);
    const missing = await api.call('requestPasswordReset', { body: {} });
    expect(missing.status).toBe(422);
    expect(errorsOf(missing.body).email).toEqual(['Email is required']);
    expect((await api.call('requestPasswordReset', { body: { email: 'a@b.co', x: 1 } })).status).toBe(422);
  });
});

describe('email verification', () => {
  async function openLink(token: string) {
    return api.call('verifyEmail', { params: { token } });
  }

  async function firstLink(customer: accounts.Customer): Promise<string> {
    return accounts.verificationTokenIn(accounts.mailsTo(api, customer.email)[0]);
  }

  async function bonusRows(userId: number) {
    return api.database.db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId));
  }

  it('verifies, credits the welcome bonus once and redirects', async () => {
    const customer = await accounts.signUp(api);
    const token = await firstLink(customer);
    const response = await openLink(token);
    expect(response.status).toBe(302);
    // The result page names the bonus this link credited.
    expect(response.headers.location).toBe(`/email/verify/success?bonus=${BONUS}`);

    const user = await accounts.userRow(api, customer.userId);
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.balanceMinor).toBe(BONUS);
    const rows = await bonusRows(customer.userId);
    expect(rows).toEqual([
      expect.objectContaining({
        amountMinor: BONUS,
        reason: 'welcome_bonus',
        idempotencyKey: `welcome_bonus:${customer.userId}`,
      }),
    ]);
    expect(await ledgerBalance(api.database.db, customer.userId)).toBe(BONUS);

    const check = await api.call('checkAuth', { token: customer.token });
    expect(check.body).toEqual({ status: 'OK', authenticated: true, emailVerified: true });

    const again = await openLink(token);
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe('/email/verify/already-success');
    expect((await accounts.userRow(api, customer.userId)).balanceMinor).toBe(BONUS);
    expect(await bonusRows(customer.userId)).toHaveLength(1);
  });

  it('credits the bonus exactly once when the link is opened twice at the same time', async () => {
    const customer = await accounts.signUp(api);
    const token = await firstLink(customer);
    const answers = await Promise.all([openLink(token), openLink(token)]);
    expect(answers.map((answer) => answer.headers.location).sort()).toEqual([
      '/email/verify/already-success',
      `/email/verify/success?bonus=${BONUS}`,
    ]);
    expect(await bonusRows(customer.userId)).toHaveLength(1);
    const user = await accounts.userRow(api, customer.userId);
    expect(user.balanceMinor).toBe(BONUS);
    expect(await ledgerBalance(api.database.db, customer.userId)).toBe(user.balanceMinor);
  });

  it('sends an already verified customer with another valid link to already-success', async () => {
    const customer = await accounts.signUp(api);
    const resent = await api.call('resendVerification', { token: customer.token });
    expect(resent.status).toBe(200);
    const [first, second] = accounts.mailsTo(api, customer.email);
    expect((await openLink(accounts.verificationTokenIn(second))).headers.location).toBe(
      `/email/verify/success?bonus=${BONUS}`,
    );
    expect((await openLink(accounts.verificationTokenIn(first))).headers.location).toBe(
      '/email/verify/already-success',
    );
    expect(await bonusRows(customer.userId)).toHaveLength(1);
  });

  it('credits nothing when the welcome bonus is 0', async () => {
    await accounts.setSetting(api, 'welcome_bonus_tokens', 0);
    try {
      const customer = await accounts.signUp(api);
      expect((await openLink(await firstLink(customer))).headers.location).toBe('/email/verify/success');
      expect(await bonusRows(customer.userId)).toEqual([]);
      expect((await accounts.userRow(api, customer.userId)).balanceMinor).toBe(0);
    } finally {
      await accounts.setSetting(api, 'welcome_bonus_tokens', BONUS);
    }
  });

  /** A redirect to the storefront's page for a link that verifies nothing, and nothing else. */
  function expectInvalidPage(response: { status: number; headers: Record<string, unknown>; text: string }) {
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/email/verify/invalid');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toBe('');
  }

  it('sends an unknown, expired or used-up link to the storefront page for invalid links', async () => {
    const customer = await accounts.signUp(api);
    const token = await firstLink(customer);
    await api.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    const before = await accounts.accountTables(api);
    const german = { lang_id: await accounts.languageId(api, 'de') };
    for (const candidate of [token, 'Q'.repeat(43)]) {
      expectInvalidPage(await openLink(candidate));
      expectInvalidPage(await api.call('verifyEmail', { params: { token: candidate }, query: german }));
    }
    expect(await accounts.accountTables(api)).toEqual(before);
    expect((await accounts.userRow(api, customer.userId)).emailVerifiedAt).toBeNull();
  });

  it('sends a malformed link there too, whatever its shape, without touching anything', async () => {
    const customer = await accounts.signUp(api);
    const token = await firstLink(customer);
    const before = await accounts.accountTables(api);
    for (const candidate of [
      'short',
      'a'.repeat(31),
      `${token}.`,
      token.slice(0, 20),
      "x'%20OR%201=1",
      'a+b'.repeat(15),
      'a'.repeat(129),
      'x'.repeat(300),
    ]) {
      expectInvalidPage(await openLink(candidate));
    }
    // Bad percent-encoding and an over-long segment fail in the router, before any route runs.
    for (const url of ['/api/email/verify/%E0%A4%A', `/api/email/verify/${'x'.repeat(300)}`]) {
      const raw = await api.app.inject({ url, headers: { 'accept-language': 'de' } });
      expectInvalidPage({ status: raw.statusCode, headers: raw.headers, text: raw.body });
    }
    expect(await accounts.accountTables(api)).toEqual(before);
    expect((await accounts.userRow(api, customer.userId)).emailVerifiedAt).toBeNull();
    // The cut-short link's full token still verifies.
    expect((await openLink(token)).headers.location).toBe(`/email/verify/success?bonus=${BONUS}`);
  });

  it('answers the other API routes that fail in the router with the 400 envelope still', async () => {
    const response = await api.app.inject({ url: '/api/static-pages/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'ERROR' });
  });
});

describe('resendVerification', () => {
  it('sends a new link to an unverified customer', async () => {
    const customer = await accounts.signUp(api);
    const response = await api.call('resendVerification', { token: customer.token });
    expect(response.body).toEqual({
      status: 'OK',
      message: 'A new verification link has been sent to your email address.',
    });
    const mails = accounts.mailsTo(api, customer.email);
    expect(mails).toHaveLength(2);
    expect(accounts.verificationTokenIn(mails[1])).not.toBe(accounts.verificationTokenIn(mails[0]));
  });

  it('answers 409 when the address is already verified', async () => {
    const customer = await accounts.signUp(api);
    await api.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, customer.userId));
    const before = await accounts.accountTables(api);
    const response = await api.call('resendVerification', { token: customer.token });
    expect(response.status).toBe(409);
    expect(messageOf(response.body)).toBe('Your email address is already verified.');
    expect(await accounts.accountTables(api)).toEqual(before);
  });

  it('answers 401 without a session and 422 for a body that fails the schema', async () => {
    expect((await api.call('resendVerification')).status).toBe(401);
    const customer = await accounts.signUp(api);
    const before = await accounts.accountTables(api);
    expect((await api.call('resendVerification', { token: customer.token, body: { to: 'x' } })).status).toBe(
      422,
    );
    expect(await accounts.accountTables(api)).toEqual(before);
  });
});

describe('countries of phone numbers', () => {
  it('accepts numbers of any listed country', async () => {
    const customer = await accounts.signUp(api, {
      phone: '+1 201 555 0123',
      phoneE164: '+12015550123',
      country: await accounts.countryId(api, 'US'),
    });
    expect(await accounts.userRow(api, customer.userId)).toMatchObject({ phoneE164: '+12015550123' });
  });
});
