import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { payments, refunds } from '../db/schema';
import { transaction } from '../db/statement';
import { audit } from '../operator/audit';
import { type PaymentProvider, PaymentProviderRefusedError, PaymentsUnavailableError } from './provider';

type RefundState = (typeof refunds.$inferSelect)['status'];

/**
 * Sends a pending card refund to the provider with the refund's own key, so that however often
 * it is sent (a retried request, every node's sweep) the card gets it once. Answers its state
 * afterwards: `succeeded` once the provider took it, `failed` when it refused (the refund then
 * counts for nothing, with an audit row), `pending` while the provider cannot be reached.
 */
export async function sendCardRefund(
  db: Database,
  provider: PaymentProvider,
  refundId: number,
): Promise<RefundState> {
  const [row] = await db
    .select({
      state: refunds.status,
      charged: refunds.chargedMinor,
      orderId: refunds.orderId,
      paymentRef: payments.ref,
      providerRef: payments.providerRef,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (row === undefined) throw new Error(`no card refund ${refundId}`);
  if (row.state !== 'pending') return row.state;
  let outcome: { state: 'succeeded'; providerRef: string } | { state: 'failed' };
  try {
    const taken = await provider.refund({
      payment: { ref: row.paymentRef, providerRef: row.providerRef },
      amountMinor: Number(row.charged),
      key: `refund_${refundId}`,
    });
    outcome = { state: 'succeeded', providerRef: taken.providerRef };
  } catch (error) {
    if (error instanceof PaymentsUnavailableError) return 'pending';
    if (!(error instanceof PaymentProviderRefusedError)) throw error;
    outcome = { state: 'failed' };
  }
  return transaction(db, async (tx) => {
    const [settled] = await tx
      .update(refunds)
      .set({
        status: outcome.state,
        providerRef: outcome.state === 'succeeded' ? outcome.providerRef : null,
        updatedAt: new Date(),
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning({ id: refunds.id });
    if (settled !== undefined && outcome.state === 'failed') {
      await audit(
        tx,
        { userId: null, label: 'payments' },
        {
          action: 'order.refund.failed',
          entity: 'order',
          entityId: row.orderId,
          after: { refund_id: refundId, reason: 'refused by the payment provider' },
        },
      );
    }
    const [now] = await tx.select({ state: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
    return now?.state ?? outcome.state;
  });
}

/** How many pending card refunds one sweep sends again. */
const REFUNDS_PER_SWEEP = 20;

/**
 * Sends again the card refunds still pending (the provider could not be reached), oldest first;
 * answers how many the provider has now settled. Two nodes sending the same one is safe: the
 * provider's key makes it one refund.
 */
export async function sendPendingCardRefunds(db: Database, provider: PaymentProvider): Promise<number> {
  const pending = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.status, 'pending'))
    .orderBy(refunds.createdAt)
    .limit(REFUNDS_PER_SWEEP);
  let settled = 0;
  for (const { id } of pending) {
    if ((await sendCardRefund(db, provider, id)) !== 'pending') settled += 1;
  }
  return settled;
}
