import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './database';
import { serverSecrets } from './schema';

/**
 * Returns the secret stored under `name`, creating a random one (32 bytes, base64url) the first
 * time. Every API node on the same database gets the same value, and it survives restarts.
 */
export async function getOrCreateSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (row === undefined) throw new Error(`Server secret '${name}' could not be stored`);
  return row.value;
}
