import { eq } from 'drizzle-orm';
import type { components } from '../../domain/contract';
import type { User } from '../auth/sessions';
import type { Database } from '../db/database';
import { countries } from '../db/schema';
import type { Locale } from '../i18n/messages';

/** The contract's `UserProfile`; `balance` is the cached balance, which always equals the ledger's sum. */
export type UserProfile = components['schemas']['UserProfile'];

export async function userProfile(db: Database, user: User, locale: Locale): Promise<UserProfile> {
  const [country] = await db.select().from(countries).where(eq(countries.id, user.countryId)).limit(1);
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
    phoneE164: user.phoneE164,
    balance: user.balanceMinor,
    avatarUrl: user.avatarUrl,
    created_at: user.createdAt.toISOString(),
    country:
      country === undefined
        ? null
        : { id: country.id, name: country.titles[locale] ?? country.title, iso: country.iso },
    city: user.city,
    address: user.address,
    post_code: user.postCode,
    emailVerified: user.emailVerifiedAt !== null,
    player: user.player,
    role: user.role,
  };
}
