import { and, eq, ne, sql } from 'drizzle-orm';
import type { User } from '../auth/sessions';
import type { Database } from '../db/database';
import { countries, users } from '../db/schema';

/** Addresses are stored lower-cased and compared without regard to case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const sameEmail = (email: string) => sql`lower(${users.email}) = ${normalizeEmail(email)}`;

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(sameEmail(email)).limit(1);
  return user;
}

/** Whether another account (not `exceptUserId`) already uses the address. */
export async function emailTaken(db: Database, email: string, exceptUserId?: number): Promise<boolean> {
  const where =
    exceptUserId === undefined ? sameEmail(email) : and(sameEmail(email), ne(users.id, exceptUserId));
  const rows = await db.select({ id: users.id }).from(users).where(where).limit(1);
  return rows.length > 0;
}

export async function countryExists(db: Database, id: number): Promise<boolean> {
  const rows = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id)).limit(1);
  return rows.length > 0;
}

export async function countryIsoExists(db: Database, iso: string): Promise<boolean> {
  const rows = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso, iso)).limit(1);
  return rows.length > 0;
}

/** A unique index was violated (PostgreSQL error 23505), e.g. two sign-ups with one address at once. */
export function isUniqueViolation(error: unknown): boolean {
  // Drizzle wraps the driver's error; the code sits on it or on its cause.
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && typeof cause === 'object' && cause !== null; depth += 1) {
    if ('code' in cause && cause.code === '23505') return true;
    cause = 'cause' in cause ? cause.cause : undefined;
  }
  return false;
}
