import { eq } from 'drizzle-orm';
import { revokeUserSessions } from '../auth/sessions';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { transaction } from '../db/statement';
import { issueUserToken } from '../users/user-tokens';
import { type Actor, audit } from './audit';

async function lockCustomer(tx: Database, customerId: number) {
  const [customer] = await tx
    .select({ email: users.email, name: users.name, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, customerId))
    .for('update');
  return customer;
}

/**
 * Ends every live session of the customer, with its audit row (live sessions before → after);
 * how many it ended, or null when there is no such account.
 */
export function signOutEverywhere(db: Database, actor: Actor, customerId: number): Promise<number | null> {
  return transaction(db, async (tx) => {
    if ((await lockCustomer(tx, customerId)) === undefined) return null;
    const revoked = await revokeUserSessions(tx, customerId);
    await audit(tx, actor, {
      action: 'customer.sessions.revoke',
      entity: 'customer',
      entityId: customerId,
      before: { live_sessions: revoked },
      after: { live_sessions: 0 },
    });
    return revoked;
  });
}

export type VerificationLink =
  | { kind: 'issued'; to: { email: string; name: string }; token: string }
  | { kind: 'verified' }
  | null;

/**
 * A new email verification link for the customer, with its audit row, for the caller to send
 * once it is stored; `verified` when the address already is, null when there is no such account.
 */
export function newVerificationLink(
  db: Database,
  actor: Actor,
  customerId: number,
): Promise<VerificationLink> {
  return transaction(db, async (tx) => {
    const customer = await lockCustomer(tx, customerId);
    if (customer === undefined) return null;
    if (customer.verifiedAt !== null) return { kind: 'verified' };
    const token = await issueUserToken(tx, customerId, 'verify_email');
    await audit(tx, actor, {
      action: 'customer.verification.resend',
      entity: 'customer',
      entityId: customerId,
      after: { to: customer.email },
    });
    return { kind: 'issued', to: { email: customer.email, name: customer.name }, token };
  });
}
