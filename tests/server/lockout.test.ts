import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens';
import { userTokens } from '../../server/db/schema';
import { defaultRateLimits } from '../../server/http/rate-limit';
import { mailsTo, PASSWORD, resetLinkIn, signInLinkIn, signUp, waitForMail } from './support/accounts';
import { type CallResult, createTestApi, ROOMY, shippedLimitsSuite, type TestApi } from './support/api';

/**
 * docs/decisions/0015: guessing is throttled per address and per account, and no stranger can lock the
 * owner out. These run with the shipped limits (only the global API flood guard is raised, as
 * these tests send many requests from one process).
 */

const WRONG = 'Wrong1234';

const suite = shippedLimitsSuite();

function resetMailsTo(email: string): string[] {
  return mailsTo(suite.api, email).filter((mail) => mail.includes('/reset-password-confirm?'));
}

function login(email: string, password: string, from: string, cookie?: string): Promise<CallResult> {
  return suite.api.call('login', {
    body: { username: email, password },
    remoteAddress: from,
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  });
}

/** The device cookie a sign-in answer sets, as the browser sends it back (name=value). */
function deviceCookieOf(response: CallResult): string {
  const header = response.headers['set-cookie'];
  const value = String(Array.isArray(header) ? header[0] : header);
  const pair = value.split(';')[0] ?? '';
  expect(pair).toMatch(
    /^bf_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(~[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})*$/,
  );
  return pair;
}

describe('sign-in throttling without lockouts', () => {
  it('11 wrong logins from one address: that address is throttled, the owner signs in from another', async () => {
    const owner = await signUp(suite.api);
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) statuses.push((await login(owner.email, WRONG, '198.51.100.7')).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
    expect((await login(owner.email, PASSWORD, '198.51.100.7')).status).toBe(429);

    const fromHome = await login(owner.email, PASSWORD, '203.0.113.20');
    expect(fromHome.status).toBe(200);
  });

  it('1,000 guesses spread over 100 addresses are throttled: at most the per-account limit is ever checked', async () => {
    const owner = await signUp(suite.api);
    const known = deviceCookieOf(await login(owner.email, PASSWORD, '203.0.113.30'));
    const counts = { checked: 0, refused: 0, other: 0 };
    for (let guess = 0; guess < 1_000; guess += 1) {
      const address = `10.20.${Math.floor(guess / 10) % 100}.${(guess % 10) + 1}`;
      const { status } = await login(owner.email, `${WRONG}${guess}`, address);
      if (status === 422) counts.checked += 1;
      else if (status === 429) counts.refused += 1;
      else counts.other += 1;
    }
    expect(counts.other).toBe(0);
    // The first sign-in of the owner counts too: 50 attempts per account from unknown devices.
    expect(counts.checked).toBe(defaultRateLimits.perAccount.max - 1);
    expect(counts.refused).toBe(1_000 - counts.checked);
    console.info(
      `1,000 guesses over 100 addresses: ${counts.checked} checked, ${counts.refused} answered 429`,
    );

    // A new device waits for the window (the trade-off of ADR 0015); the owner's known device does not.
    expect((await login(owner.email, PASSWORD, '203.0.113.31')).status).toBe(429);
    expect((await login(owner.email, PASSWORD, '203.0.113.31', known)).status).toBe(200);
    expect((await login(owner.email, PASSWORD, '10.20.0.1', known)).status).toBe(200);
  });

  it('a stranger behind the owner’s address cannot close it to the owner’s known device', async () => {
    const shared = '198.51.100.80';
    const owner = await signUp(suite.api);
    const known = deviceCookieOf(await login(owner.email, PASSWORD, shared));
    // 100 wrong passwords for unrelated addresses spend the shared address's budget.
    const statuses: number[] = [];
    for (let n = 0; n < defaultRateLimits.perIp.max; n += 1)
      statuses.push((await login(`stranger.${n}.${owner.email}`, WRONG, shared)).status);
    // The owner's own sign-in was the address's first: the strangers' 100th attempt is refused.
    expect(statuses).toEqual([...Array(defaultRateLimits.perIp.max - 1).fill(422), 429]);
    expect((await login(owner.email, PASSWORD, shared)).status).toBe(429);
    // The owner's device signed in here before: the address's count does not apply to it.
    expect((await login(owner.email, PASSWORD, shared, known)).status).toBe(200);
  });

  it('a new device under a distributed attack gets in by an emailed link, and is known from then on', async () => {
    const owner = await signUp(suite.api);
    // 50 wrong passwords from changing addresses (as behind TRUST_PROXY=true) close the account
    // to every device that never signed in to it.
    for (let n = 0; n < defaultRateLimits.perAccount.max; n += 1)
      await login(owner.email, `${WRONG}${n}`, `10.30.${n}.1`);
    expect((await login(owner.email, PASSWORD, '203.0.113.90')).status).toBe(429);

    const asked = await suite.api.call('requestLoginLink', {
      body: { email: owner.email.toUpperCase() },
      remoteAddress: '203.0.113.90',
    });
    expect(asked.status).toBe(200);
    const [mail] = await waitForMail(suite.api, owner.email, 2).then((mails) => mails.slice(-1));
    expect(mail).toContain('Subject: Your ');
    const link = signInLinkIn(mail);
    expect(link.email).toBe(owner.email);
    // Only the token's hash is stored.
    const [stored] = await suite.api.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(link.token)));
    expect(stored?.kind).toBe('sign_in');
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const confirmed = await suite.api.call('confirmLoginLink', { body: link, remoteAddress: '203.0.113.90' });
    expect(confirmed.status).toBe(200);
    const session = confirmed.body as { access_token: string };
    expect((await suite.api.call('checkAuth', { token: session.access_token })).status).toBe(200);
    const known = deviceCookieOf(confirmed);
    // The link works once.
    const again = await suite.api.call('confirmLoginLink', { body: link, remoteAddress: '203.0.113.90' });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ errors: { token: [expect.stringContaining('sign-in link')] } });
    // The device is known now: its password sign-ins pass while the attack goes on.
    await login(owner.email, WRONG, '10.30.99.1');
    expect((await login(owner.email, PASSWORD, '203.0.113.90', known)).status).toBe(200);
  });

  it('answers a sign-in link request the same for an unknown address, and refuses a link for another address or past its time', async () => {
    const owner = await signUp(suite.api);
    const unknown = await suite.api.call('requestLoginLink', {
      body: { email: `nobody.${owner.email}` },
      remoteAddress: '203.0.113.91',
    });
    const known = await suite.api.call('requestLoginLink', {
      body: { email: owner.email },
      remoteAddress: '203.0.113.91',
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(mailsTo(suite.api, `nobody.${owner.email}`)).toEqual([]);
    const link = signInLinkIn((await waitForMail(suite.api, owner.email, 2)).at(-1));

    const other = await signUp(suite.api);
    const forOther = await suite.api.call('confirmLoginLink', {
      body: { token: link.token, email: other.email },
      remoteAddress: '203.0.113.91',
    });
    expect(forOther.status).toBe(422);
    await suite.api.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(userTokens.tokenHash, hashToken(link.token)));
    const expired = await suite.api.call('confirmLoginLink', { body: link, remoteAddress: '203.0.113.91' });
    expect(expired.status).toBe(422);
    expect(expired.headers['set-cookie']).toBeUndefined();
  });

  it('hands out a device cookie that is no credential and travels only to the sign-in route', async () => {
    const owner = await signUp(suite.api);
    const response = await login(owner.email, PASSWORD, '203.0.113.40');
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/; Path=\/api\/login; HttpOnly; SameSite=Strict$/);
    expect(header).toMatch(/Max-Age=31536000/);
    const cookie = deviceCookieOf(response);
    // Carrying it signs nobody in: the password is still needed.
    expect((await login(owner.email, WRONG, '203.0.113.40', cookie)).status).toBe(422);
    // No cookie is handed out for a failed sign-in.
    expect((await login(owner.email, WRONG, '203.0.113.41')).headers['set-cookie']).toBeUndefined();
  });

  it('a known device is throttled on its own: a stolen device cookie gives no unlimited guesses', async () => {
    const owner = await signUp(suite.api);
    const cookie = deviceCookieOf(await login(owner.email, PASSWORD, '203.0.113.50'));
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1)
      statuses.push((await login(owner.email, WRONG, `192.0.2.${n + 1}`, cookie)).status);
    expect(statuses).toEqual([...Array(10).fill(422), 429]);
  });

  it('a device cookie counts only for its own account, and a forged one for none', async () => {
    const owner = await signUp(suite.api);
    const other = await signUp(suite.api);
    const ownersCookie = deviceCookieOf(await login(owner.email, PASSWORD, '203.0.113.60'));
    // Another account's token, or a made-up one, makes a client just as unknown as none.
    for (const cookie of [ownersCookie, `bf_device=${'a'.repeat(22)}.${'b'.repeat(43)}`]) {
      const statuses: number[] = [];
      for (let n = 0; n < 11; n += 1)
        statuses.push((await login(other.email, WRONG, '198.51.100.60', cookie)).status);
      expect(statuses[10]).toBe(429);
    }
  });

  it('keeps the tokens of several accounts on one device, each still known', async () => {
    const first = await signUp(suite.api);
    const second = await signUp(suite.api);
    const one = deviceCookieOf(await login(first.email, PASSWORD, '203.0.113.70'));
    const both = deviceCookieOf(await login(second.email, PASSWORD, '203.0.113.70', one));
    expect(both.split('~')).toHaveLength(2);
    const again = deviceCookieOf(await login(first.email, PASSWORD, '203.0.113.70', both));
    expect(again.split('~')).toHaveLength(2);
  });

  it('lets a class sign in from one address: 40 customers behind one router', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 40; n += 1) {
      const pupil = await signUp(suite.api);
      statuses.push((await login(pupil.email, PASSWORD, '198.51.100.200')).status);
    }
    expect(statuses).toEqual(Array(40).fill(200));
  });
});

describe('password reset requests', () => {
  it('a stranger flooding resets for an email cannot keep the owner from resetting', async () => {
    const owner = await signUp(suite.api);
    const ask = (from: string) =>
      suite.api.call('requestPasswordReset', { body: { email: owner.email }, remoteAddress: from });
    const strangers = ['192.0.2.101', '192.0.2.102', '192.0.2.103'];
    const statuses: number[] = [];
    for (const from of strangers) for (let n = 0; n < 11; n += 1) statuses.push((await ask(from)).status);
    // Each stranger address is refused after 10; the account's mails stop at 5, quietly.
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);

    const fromOwner = await ask('203.0.113.90');
    expect(fromOwner.status).toBe(200);
    // The sign-up's verification mail, then the reset mails the budget allows.
    const budget = defaultRateLimits.accountMails.max;
    await waitForMail(suite.api, owner.email, 1 + budget);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const mails = resetMailsTo(owner.email);
    expect(mails).toHaveLength(budget);

    // The links in the owner's mailbox work.
    const link = resetLinkIn(mails.at(-1));
    const reset = await suite.api.call('restorePassword', {
      body: { token: link.token, email: link.email, password: 'Emerald9', password_confirmation: 'Emerald9' },
      remoteAddress: '203.0.113.90',
    });
    expect(reset.status).toBe(200);
    expect((await login(owner.email, 'Emerald9', '203.0.113.90')).status).toBe(200);
  });

  it('a stranger cannot block the owner’s use of a reset link', async () => {
    const owner = await signUp(suite.api);
    await suite.api.call('requestPasswordReset', {
      body: { email: owner.email },
      remoteAddress: '203.0.113.91',
    });
    await waitForMail(suite.api, owner.email, 2);
    const link = resetLinkIn(resetMailsTo(owner.email)[0]);
    const restore = (token: string, from: string) =>
      suite.api.call('restorePassword', {
        body: { token, email: owner.email, password: 'Emerald9', password_confirmation: 'Emerald9' },
        remoteAddress: from,
      });
    for (let n = 0; n < 15; n += 1) await restore('x'.repeat(43), '192.0.2.120');
    expect((await restore(link.token, '203.0.113.91')).status).toBe(200);
  });
});

describe('counters shared by every node on the database', () => {
  it('a device known to one node is known to the other', async () => {
    const first = await createTestApi({
      database: suite.api.database,
      hitStore: undefined,
      rateLimits: { global: ROOMY },
    });
    const second = await createTestApi({
      database: suite.api.database,
      hitStore: undefined,
      rateLimits: { global: ROOMY },
    });
    try {
      const owner = await signUp(first);
      const signIn = (node: TestApi, password: string, from: string, cookie?: string) =>
        node.call('login', {
          body: { username: owner.email, password },
          remoteAddress: from,
          ...(cookie === undefined ? {} : { headers: { cookie } }),
        });
      const cookie = deviceCookieOf(await signIn(first, PASSWORD, '203.0.113.100'));
      for (let n = 0; n < 60; n += 1) await signIn(n % 2 === 0 ? first : second, WRONG, `10.30.${n}.1`);
      expect((await signIn(second, PASSWORD, '203.0.113.101')).status).toBe(429);
      expect((await signIn(second, PASSWORD, '203.0.113.101', cookie)).status).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
