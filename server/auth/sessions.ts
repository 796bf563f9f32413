import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
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

/** The live session of a bearer token and its user; null when unknown, revoked or expired. */
export async function findSession(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<AuthContext | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every other one when `keepSessionId` is given. */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  keepSessionId?: number,
): Promise<void> {
  const mine = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(keepSessionId === undefined ? mine : and(mine, ne(sessions.id, keepSessionId)));
}
