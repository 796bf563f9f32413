import { eq } from 'drizzle-orm';
import type { User } from '../auth/sessions';
import type { Database } from '../db/client';
import { countries } from '../db/schema';
import type { Locale } from '../i18n/messages';

/** The contract's `UserProfile`. */
export interface UserProfile {
  id: number;
  name: string;
  surname: string;
  email: string;
  phone: string;
  phoneE164: string | null;
  /** Coins in minor units: the cached balance, which always equals the ledger's sum. */
  balance: number;
  avatarUrl: string | null;
  created_at: string;
  country: { id: number; name: string; iso: string } | null;
  city: string;
  address: string | null;
  post_code: string | null;
  emailVerified: boolean;
}

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
  };
}
