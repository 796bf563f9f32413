import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sessions, type users } from '../db/schema';
import { defineStatement, runStatement } from '../db/statement';
import { hashToken, issueToken } from './tokens';

/** How long a sign-in lasts. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type User = typeof users.$inferSelect;

export interface AuthContext {
  user: User;
  sessionId: number;
}

/** Opens a session for a user; the token is returned once and only its hash is stored. */
export async function createSession(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
  const { token, tokenHash } = issueToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({ tokenHash, userId, expiresAt })
    .returning({ id: sessions.id });
  if (row === undefined) throw new Error('session was not stored');
  return { token, expiresAt, sessionId: row.id };
}

/** The session and its user as the statement below answers them: JSON, one column. */
interface SessionJson {
  session_id: number;
  id: number;
  name: string;
  surname: string;
  email: string;
  phone: string;
  phone_e164: string;
  password_hash: string;
  country_id: number;
  city: string;
  address: string | null;
  post_code: string | null;
  avatar_url: string | null;
  email_verified_ms: number | null;
  balance_minor: number;
  role: 'customer' | 'operator';
  player: string | null;
  language_id: number | null;
  created_ms: number;
  updated_ms: number;
}

/**
 * Every request of a signed-in customer runs this: a prepared statement (server/db/statement.ts)
 * answering one JSON column, which costs far less to read than seventeen columns.
 */
const sessionByToken = defineStatement<{ auth: string }>(
  'bf_session_by_token',
  `select json_build_object(
     'session_id', s.id, 'id', u.id, 'name', u.name, 'surname', u.surname, 'email', u.email,
     'phone', u.phone, 'phone_e164', u.phone_e164, 'password_hash', u.password_hash,
     'country_id', u.country_id, 'city', u.city, 'address', u.address, 'post_code', u.post_code,
     'avatar_url', u.avatar_url, 'balance_minor', u.balance_minor, 'role', u.role, 'player', u.player,
     'language_id', u.language_id,
     'email_verified_ms', floor(extract(epoch from u.email_verified_at) * 1000),
     'created_ms', floor(extract(epoch from u.created_at) * 1000),
     'updated_ms', floor(extract(epoch from u.updated_at) * 1000))::text as auth
   from sessions s join users u on u.id = s.user_id
   where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2::timestamptz
   limit 1`,
);

function toAuthContext(row: SessionJson): AuthContext {
  const user: User = {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phone: row.phone,
    phoneE164: row.phone_e164,
    passwordHash: row.password_hash,
    countryId: row.country_id,
    city: row.city,
    address: row.address,
    postCode: row.post_code,
    avatarUrl: row.avatar_url,
    emailVerifiedAt: row.email_verified_ms === null ? null : new Date(row.email_verified_ms),
    balanceMinor: row.balance_minor,
    role: row.role,
    player: row.player,
    languageId: row.language_id,
    createdAt: new Date(row.created_ms),
    updatedAt: new Date(row.updated_ms),
  };
  return { sessionId: row.session_id, user };
}

/** The live session of a bearer token and its user; null when unknown, revoked or expired. */
export async function findSession(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<AuthContext | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await runStatement(db, sessionByToken, [hashToken(token), now.toISOString()]);
  return row === undefined ? null : toAuthContext(JSON.parse(row.auth) as SessionJson);
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Ends every live session of a user, or every other one when `keepSessionId` is given; returns
 * how many it ended.
 */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  keepSessionId?: number,
  now: Date = new Date(),
): Promise<number> {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(keepSessionId === undefined ? live : and(live, ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}
