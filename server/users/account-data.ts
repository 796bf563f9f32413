import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import type { Database } from '../db/database';
import { balanceLedger, mailQueue, sessions, users } from '../db/schema';
import { clearCart } from '../ledger/cart';
import { ledgerView } from '../orders/detail';
import { retireUserTokens } from './user-tokens';

/** The address a deleted account keeps: unique, never deliverable (RFC 2606 `.invalid`). */
export const deletedEmail = (userId: number): string => `deleted-${userId}@deleted.invalid`;

/** The balance ledger and the sign-in sessions of a customer, newest first, for their data export. */
export async function ledgerAndSessionsOf(db: Database, userId: number) {
  const [ledger, sessionRows] = await Promise.all([
    db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId)).orderBy(desc(balanceLedger.id)),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.id)),
  ]);
  return {
    ledger: ledger.map(ledgerView),
    sessions: sessionRows.map((row) => ({
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      revoked_at: row.revokedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Deletes an account the way docs/product.md §2 "Your data" says: what names the person is cleared,
 * the password becomes one nobody knows, every session and emailed link ends, the cart empties, and
 * the mails kept for the account (their address and name) are dropped, sent or not. Orders,
 * payments and the ledger stay (a store's sales records), tied to the anonymous row.
 */
export async function anonymiseAccount(tx: Database, userId: number, now: Date = new Date()): Promise<void> {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  await tx
    .update(users)
    .set({
      name: '',
      surname: '',
      email: deletedEmail(userId),
      phone: '',
      phoneE164: '',
      passwordHash,
      city: '',
      address: null,
      postCode: null,
      avatarUrl: null,
      player: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await revokeUserSessions(tx, userId, undefined, now);
  for (const kind of ['verify_email', 'reset_password', 'sign_in'] as const)
    await retireUserTokens(tx, userId, kind);
  await clearCart(tx, userId);
  await tx.delete(mailQueue).where(eq(mailQueue.userId, userId));
}
