import { eq, sql } from 'drizzle-orm';
import type { User } from '../auth/sessions';
import type { Database } from '../db/database';
import { users } from '../db/schema';

/**
 * The customer's language: the one they registered or last signed in with (`lang_id`), the
 * language of the mails the queue sends them (server/mail/queue.ts). An id that names no language
 * stores nothing, and mails then go out in the store's default.
 */
export function knownLanguage(langId: number | undefined) {
  return langId === undefined ? null : sql<number | null>`(select id from languages where id = ${langId})`;
}

export async function rememberLanguage(db: Database, user: User, langId: number | undefined): Promise<void> {
  if (langId === undefined || langId === user.languageId) return;
  await db
    .update(users)
    .set({ languageId: knownLanguage(langId) })
    .where(eq(users.id, user.id));
}
