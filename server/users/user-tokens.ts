import { and, eq, isNull } from 'drizzle-orm';
import { hashToken, issueToken } from '../auth/tokens';
import type { Database } from '../db/database';
import { userTokens } from '../db/schema';

/** The emailed single-use tokens; only their SHA-256 is stored. */
export type EmailedTokenKind = 'verify_email' | 'reset_password' | 'sign_in';

export const TOKEN_VALID_HOURS: Record<EmailedTokenKind, number> = {
  verify_email: 24,
  reset_password: 1,
  // It signs in without the password: short-lived (ADR 0015).
  sign_in: 0.25,
};

export type UserToken = typeof userTokens.$inferSelect;

/** A new token of `kind` for the user; the token itself is returned once, for the email. */
export async function issueUserToken(
  db: Database,
  userId: number,
  kind: EmailedTokenKind,
  now: Date = new Date(),
): Promise<string> {
  const { token, tokenHash } = issueToken();
  const expiresAt = new Date(now.getTime() + TOKEN_VALID_HOURS[kind] * 3_600_000);
  await db.insert(userTokens).values({ kind, tokenHash, userId, expiresAt });
  return token;
}

/** The stored token of `kind` (used or not, expired or not), read without a lock. */
export async function findUserToken(
  db: Database,
  token: string,
  kind: EmailedTokenKind,
): Promise<UserToken | undefined> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.kind, kind)))
    .limit(1);
  return row;
}

/**
 * The token row again, locked for the rest of the transaction. Callers lock the user's row
 * first, then the token, the same order as every other writer, so they never deadlock.
 */
export async function lockUserToken(tx: Database, id: number): Promise<UserToken | undefined> {
  const [row] = await tx.select().from(userTokens).where(eq(userTokens.id, id)).for('update');
  return row;
}

export async function markTokenUsed(tx: Database, id: number, now: Date = new Date()): Promise<void> {
  await tx.update(userTokens).set({ usedAt: now }).where(eq(userTokens.id, id));
}

export function isUsable(row: UserToken, now: Date = new Date()): boolean {
  return row.usedAt === null && row.expiresAt > now;
}

/** Marks every unused token of `kind` of the user used, so none of the links sent so far works. */
export async function retireUserTokens(db: Database, userId: number, kind: EmailedTokenKind): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
}
