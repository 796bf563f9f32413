import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { transaction } from '../db/statement';
import { appendLedgerEntry } from '../ledger/ledger';
import { lockUser } from './locks';
import { findUserToken, lockUserToken, markTokenUsed } from './user-tokens';

export type VerifyOutcome = 'verified' | 'already-verified' | 'invalid';

export interface VerifyResult {
  outcome: VerifyOutcome;
  /** The welcome bonus this link credited (coin minor units); 0 when it credited none. */
  bonusMinor: number;
}

/**
 * Where the browser goes for each outcome: always a page of the storefront, which speaks the
 * customer's language (the API's own page would speak the link's, and could not offer a new link).
 */
export const VERIFY_RESULT_PAGES = {
  verified: '/email/verify/success',
  'already-verified': '/email/verify/already-success',
  invalid: '/email/verify/invalid',
} as const satisfies Record<VerifyOutcome, string>;

/** The result page, telling the customer the welcome bonus when this link credited it. */
export function verifyResultPage({ outcome, bonusMinor }: VerifyResult): string {
  const page = VERIFY_RESULT_PAGES[outcome];
  return bonusMinor > 0 ? `${page}?bonus=${bonusMinor}` : page;
}

/** The shape of an emailed token (openapi.yaml OpaqueToken); anything else cannot be one. */
const OPAQUE_TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

export function isOpaqueToken(value: string): boolean {
  return OPAQUE_TOKEN.test(value);
}

export function welcomeBonusKey(userId: number): string {
  return `welcome_bonus:${userId}`;
}

/**
 * Opens a verification link: marks the address verified, uses the token up and credits the
 * welcome bonus, all in one transaction. The bonus's idempotency key makes it once per customer,
 * even when a changed address is verified again. A link opened a second time, or any unexpired
 * link of an already verified customer, is 'already-verified'; an unknown or expired token, or a
 * used one whose address has since changed, is 'invalid'.
 */
export async function verifyEmailToken(
  db: Database,
  token: string,
  welcomeBonusMinor: number,
  now: Date = new Date(),
): Promise<VerifyResult> {
  const invalid = { outcome: 'invalid', bonusMinor: 0 } as const;
  const found = await findUserToken(db, token, 'verify_email');
  if (found === undefined || found.expiresAt <= now) return invalid;
  return transaction(db, async (tx): Promise<VerifyResult> => {
    const user = await lockUser(tx, found.userId);
    const row = await lockUserToken(tx, found.id);
    if (user === undefined || row === undefined) return invalid;
    if (user.emailVerifiedAt !== null) {
      if (row.usedAt === null) await markTokenUsed(tx, row.id, now);
      return { outcome: 'already-verified', bonusMinor: 0 };
    }
    if (row.usedAt !== null) return invalid;
    await markTokenUsed(tx, row.id, now);
    await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    const credited =
      welcomeBonusMinor > 0 &&
      (await appendLedgerEntry(tx, {
        userId: user.id,
        amountMinor: welcomeBonusMinor,
        reason: 'welcome_bonus',
        idempotencyKey: welcomeBonusKey(user.id),
      })) === 'applied';
    return { outcome: 'verified', bonusMinor: credited ? welcomeBonusMinor : 0 };
  });
}
