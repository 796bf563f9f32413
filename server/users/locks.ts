import { eq } from 'drizzle-orm';
import type { User } from '../auth/sessions';
import type { Database } from '../db/database';
import { users } from '../db/schema';

/** The user's row, locked for the rest of the transaction (the same lock the ledger takes). */
export async function lockUser(tx: Database, userId: number): Promise<User | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}
