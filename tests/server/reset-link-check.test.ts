import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens';
import { userTokens } from '../../server/db/schema';
import { defaultRateLimits } from '../../server/http/rate-limit';
import * as accounts from './support/accounts';
import { errorsOf, shippedLimitsSuite } from './support/api';

/**
 * POST /user/reset-password/check (openapi.yaml `checkPasswordResetLink`): the reset page asks
 * whether its link still works before the customer types; it answers as `restorePassword` would,
 * changes nothing, and is throttled like it (docs/architecture.md §3, docs/decisions/0015).
 */

const INVALID = 'This password reset link is invalid or has expired.';

const suite = shippedLimitsSuite();

async function resetLink(customer: accounts.Customer, from: string) {
  const count = accounts.mailsTo(suite.api, customer.email).length;
  await suite.api.call('requestPasswordReset', { body: { email: customer.email }, remoteAddress: from });
  const mails = await accounts.waitForMail(suite.api, customer.email, count + 1);
  return accounts.resetLinkIn(mails[count]);
}

const check = (body: { token: string; email: string }, from: string) =>
  suite.api.call('checkPasswordResetLink', { body, remoteAddress: from });

describe('checkPasswordResetLink', () => {
  it('a good link: 200, nothing changes, and the link still resets the password', async () => {
    const customer = await accounts.signUp(suite.api);
    const link = await resetLink(customer, '203.0.113.10');
    const before = await accounts.accountTables(suite.api);
    const answer = await check(link, '203.0.113.10');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'OK', message: 'This password reset link can be used.' });
    // Any spelling of the address the reset takes, the check takes too.
    expect((await check({ ...link, email: link.email.toUpperCase() }, '203.0.113.10')).status).toBe(200);
    expect(await accounts.accountTables(suite.api)).toEqual(before);

    const reset = await suite.api.call('restorePassword', {
      body: { ...link, password: 'Emerald9', password_confirmation: 'Emerald9' },
      remoteAddress: '203.0.113.10',
    });
    expect(reset.status).toBe(200);
  });

  it('a used link: the 422 at token that the reset gives', async () => {
    const customer = await accounts.signUp(suite.api);
    const link = await resetLink(customer, '203.0.113.11');
    const body = { ...link, password: 'Emerald9', password_confirmation: 'Emerald9' };
    expect((await suite.api.call('restorePassword', { body, remoteAddress: '203.0.113.11' })).status).toBe(
      200,
    );
    const reuse = await suite.api.call('restorePassword', { body, remoteAddress: '203.0.113.11' });
    const answer = await check(link, '203.0.113.11');
    expect(answer.status).toBe(422);
    expect(errorsOf(answer.body).token).toEqual([INVALID]);
    expect(answer.body).toEqual(reuse.body);
  });

  it('an expired link: 422 at token', async () => {
    const customer = await accounts.signUp(suite.api);
    const link = await resetLink(customer, '203.0.113.12');
    await suite.api.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(userTokens.tokenHash, hashToken(link.token)));
    const answer = await check(link, '203.0.113.12');
    expect(answer.status).toBe(422);
    expect(errorsOf(answer.body).token).toEqual([INVALID]);
  });

  it('an unknown token, or a good one for another address known or not: one and the same answer', async () => {
    const customer = await accounts.signUp(suite.api);
    const other = await accounts.signUp(suite.api);
    const link = await resetLink(customer, '203.0.113.13');
    const answers = await Promise.all(
      [
        { token: 'x'.repeat(43), email: customer.email },
        { token: 'x'.repeat(43), email: accounts.uniqueEmail() },
        { token: link.token, email: other.email },
        { token: link.token, email: accounts.uniqueEmail() },
      ].map((body) => check(body, '203.0.113.13')),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(answers[0]?.body);
    }
    expect(errorsOf(answers[0]?.body).token).toEqual([INVALID]);
    // The refusals used nothing up.
    expect((await check(link, '203.0.113.13')).status).toBe(200);
  });

  it('is limited per account and address (429 with Retry-After); the owner elsewhere is not', async () => {
    const customer = await accounts.signUp(suite.api);
    const link = await resetLink(customer, '203.0.113.14');
    const guess = { token: 'y'.repeat(43), email: customer.email };
    const limit = defaultRateLimits.perAccountIp.max;
    for (let n = 0; n < limit; n += 1) expect((await check(guess, '192.0.2.140')).status).toBe(422);
    const refused = await check(guess, '192.0.2.140');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check(link, '203.0.113.14')).status).toBe(200);
  });

  it('is limited per client address before its body is read', async () => {
    const limit = defaultRateLimits.perIp.max;
    const statuses: number[] = [];
    for (let n = 0; n <= limit; n += 1) {
      statuses.push(
        (await check({ token: 'z'.repeat(43), email: accounts.uniqueEmail() }, '192.0.2.141')).status,
      );
    }
    expect(statuses.slice(0, limit).every((status) => status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
