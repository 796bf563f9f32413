import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED, requireAuth, requireVerifiedEmail } from '../../server/auth/authenticate';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { createSession, findSession, revokeSession, revokeUserSessions } from '../../server/auth/sessions';
import { hashToken, issueToken, newToken } from '../../server/auth/tokens';
import { countries, sessions, users } from '../../server/db/schema';
import { handlers } from '../../server/handlers';
import { createTestApi, type TestApi } from './support/api';

const stubs = {
  ...handlers,
  checkAuth: async (request: FastifyRequest) => {
    const { user } = requireAuth(request);
    return { status: 'OK', authenticated: true, emailVerified: user.emailVerifiedAt !== null };
  },
  checkout: async (request: FastifyRequest) => {
    requireVerifiedEmail(request);
    return { status: 'OK', redirect_url: '/success-payment' };
  },
};

let api: TestApi;
let verifiedId = 0;
let unverifiedId = 0;

beforeAll(async () => {
  api = await createTestApi({ handlers: stubs });
  const db = api.database.db;
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso, 'DE'));
  const base = {
    name: 'Alex',
    surname: 'Stone',
    phone: '+49 30 901820',
    phoneE164: '+4930901820',
    passwordHash: await hashPassword('Diamond7'),
    countryId: country?.id ?? 1,
    city: 'Berlin',
  };
  const rows = await db
    .insert(users)
    .values([
      { ...base, email: 'verified@example.com', emailVerifiedAt: new Date() },
      { ...base, email: 'unverified@example.com' },
    ])
    .returning({ id: users.id });
  verifiedId = rows[0]?.id ?? 0;
  unverifiedId = rows[1]?.id ?? 0;
}, 60_000);
afterAll(async () => {
  await api.close();
});

describe('tokens', () => {
  it('are 32 random bytes as 43 characters of base64url', () => {
    const tokens = new Set(Array.from({ length: 50 }, newToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored only as their SHA-256', async () => {
    const { token, tokenHash } = issueToken();
    expect(tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashToken(token)).toBe(tokenHash);

    const session = await createSession(api.database.db, verifiedId);
    const [stored] = await api.database.db.select().from(sessions).where(eq(sessions.id, session.sessionId));
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored?.tokenHash).not.toBe(session.token);
    expect(stored?.tokenHash).toBe(createHash('sha256').update(session.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(session.token);
  });
});

describe('sessions', () => {
  it('resolve a live token to its user, and nothing else', async () => {
    const db = api.database.db;
    const { token, sessionId } = await createSession(db, verifiedId);
    expect((await findSession(db, token))?.user.email).toBe('verified@example.com');
    expect(await findSession(db, newToken())).toBeNull();
    expect(await findSession(db, `${token}x`)).toBeNull();
    expect(await findSession(db, "' or 1=1 --")).toBeNull();

    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await findSession(db, token, later)).toBeNull();

    await revokeSession(db, sessionId);
    expect(await findSession(db, token)).toBeNull();
  });

  it('can all be revoked but the current one', async () => {
    const db = api.database.db;
    const current = await createSession(db, unverifiedId);
    const other = await createSession(db, unverifiedId);
    await revokeUserSessions(db, unverifiedId, current.sessionId);
    expect(await findSession(db, current.token)).not.toBeNull();
    expect(await findSession(db, other.token)).toBeNull();
    await revokeUserSessions(db, unverifiedId);
    expect(await findSession(db, current.token)).toBeNull();
  });
});

describe('bearer authentication', () => {
  it('answers 401 without a valid token', async () => {
    for (const token of [undefined, 'nonsense', newToken()]) {
      const res = await api.call('checkAuth', token === undefined ? {} : { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'ERROR', message: 'Unauthenticated.' });
    }
    const basic = await api.call('checkAuth', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
  });

  it('lets a signed-in customer in', async () => {
    const { token } = await createSession(api.database.db, verifiedId);
    const res = await api.call('checkAuth', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK', authenticated: true, emailVerified: true });
  });

  it('checks the session before the body', async () => {
    const res = await api.call('checkout', { body: { payment_method: 'bitcoin' } });
    expect(res.status).toBe(401);
  });

  it('keeps an unverified address out of checkout with the exact message', async () => {
    const { token } = await createSession(api.database.db, unverifiedId);
    const res = await api.call('checkout', { token, body: { payment_method: 'balance', lang_id: 2 } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 'ERROR', message: EMAIL_NOT_VERIFIED });
    expect(EMAIL_NOT_VERIFIED).toBe('Your email address is not verified.');

    const verified = await createSession(api.database.db, verifiedId);
    const ok = await api.call('checkout', { token: verified.token, body: { payment_method: 'balance' } });
    expect(ok.status).toBe(200);
  });
});

describe('passwords', () => {
  it('are hashed with argon2id m=19456 t=2 p=1 and verified', async () => {
    const hash = await hashPassword('Diamond7');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain('Diamond7');
    expect(await hashPassword('Diamond7')).not.toBe(hash);
    expect(await verifyPassword(hash, 'Diamond7')).toBe(true);
    expect(await verifyPassword(hash, 'diamond7')).toBe(false);
    expect(await verifyPassword('not a hash', 'Diamond7')).toBe(false);
    expect(await verifyPassword(undefined, 'Diamond7')).toBe(false);
  });
});
