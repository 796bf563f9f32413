import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { orders, payments } from '../db/schema';
import { transaction } from '../db/statement';
import { restoreOrderLines } from '../ledger/cart';
import {
  type CheckoutPayment,
  type CheckoutUrls,
  type PaymentProvider,
  PaymentsUnavailableError,
} from './provider';

export type PaymentRow = typeof payments.$inferSelect;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new public payment reference: `pay_` and 24 random base62 characters (about 143 bits). */
export function newPaymentRef(): string {
  let out = 'pay_';
  while (out.length < 28) {
    for (const byte of randomBytes(32)) {
      // 248 = 4 × 62: dropping larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < 28) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export interface NewPayment {
  kind: 'top_up' | 'order';
  provider: PaymentProvider['name'];
  userId: number;
  orderId?: number;
  amountMinor: number;
  currency: string;
  coinsMinor: number;
  /** The VAT included in `amountMinor`, and its rate (a top-up's receipt shows them). */
  vatMinor?: number;
  vatPercent?: number;
  /** A storefront path to go to once paid (openapi.yaml `ReturnPath`). */
  returnPath?: string | null;
}

export async function insertPayment(db: Database, payment: NewPayment): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...payment, ref: newPaymentRef(), status: 'pending' })
    .returning();
  if (row === undefined) throw new Error('payment was not stored');
  return row;
}

export async function findUserPayment(
  db: Database,
  userId: number,
  ref: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.ref, ref), eq(payments.userId, userId)));
  return row;
}

export async function findPayment(db: Database, ref: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.ref, ref));
  return row;
}

/** A payment as the contract shows it (openapi.yaml `Payment`). */
export function paymentView(row: PaymentRow) {
  return {
    id: row.ref,
    kind: row.kind,
    status: row.status,
    amount: row.amountMinor,
    currency: row.currency,
    coins: row.coinsMinor,
    order_id: row.orderId,
    created_at: row.createdAt.toISOString(),
    return_to: row.returnPath,
  };
}

/** Where the provider sends the customer back. The pending page polls the payment until it settles. */
export function checkoutUrls(publicUrl: string, ref: string): CheckoutUrls {
  return {
    success: `${publicUrl}/processing-payment?payment=${ref}`,
    cancel: `${publicUrl}/fail-payment?payment=${ref}`,
  };
}

/**
 * Opens the provider's checkout for a stored payment and keeps the provider's id (so an opened
 * payment has one), and the amount the provider charges when it rounded the payment's. When the
 * provider refuses, `onFailure` settles what was created for it, and the error goes on. When it
 * cannot be reached, nothing is settled: the payment stays pending and unopened, and the same
 * request sent again opens it (`unopenedTopUp`; a card checkout: its Idempotency-Key's order) under the same ref, the
 * provider's idempotency key, so even a session the provider opened unseen is the one reused.
 */
export async function openCheckout(
  db: Database,
  provider: PaymentProvider,
  payment: CheckoutPayment,
  urls: CheckoutUrls,
  onFailure: () => Promise<void>,
): Promise<string> {
  let session: Awaited<ReturnType<PaymentProvider['createCheckout']>>;
  try {
    session = await provider.createCheckout(payment, urls);
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) await onFailure();
    throw error;
  }
  const { providerRef, chargedMinor } = session;
  if (providerRef !== undefined || chargedMinor !== undefined) {
    await db
      .update(payments)
      .set({
        ...(providerRef === undefined ? {} : { providerRef }),
        ...(chargedMinor === undefined ? {} : { amountMinor: chargedMinor, updatedAt: new Date() }),
      })
      .where(eq(payments.ref, payment.ref));
  }
  return session.redirectUrl;
}

/**
 * Settles a payment the provider never opened (and its order) as failed; the lines go back to the
 * cart. Only while it is still pending: the update locks the payment's row, so a webhook settling
 * it at the same moment either waits for this or has settled it first, and then nothing changes
 * here. True when this call failed it.
 */
export async function failUnopenedPayment(db: Database, payment: PaymentRow): Promise<boolean> {
  return transaction(db, async (tx) => {
    const now = new Date();
    const [failed] = await tx
      .update(payments)
      .set({ status: 'failed', updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    if (failed === undefined) return false;
    if (payment.orderId !== null) {
      const [order] = await tx
        .update(orders)
        .set({ status: 'failed', updatedAt: now })
        .where(and(eq(orders.id, payment.orderId), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      if (order !== undefined) await restoreOrderLines(tx, payment.userId, payment.orderId);
    }
    return true;
  });
}

/** How long a payment the provider could not open is taken up again by a retry. */
const REOPEN_WITHIN_MS = 60 * 60_000;

function unopened(userId: number, provider: PaymentProvider['name'], kind: PaymentRow['kind']) {
  return and(
    eq(payments.userId, userId),
    eq(payments.provider, provider),
    eq(payments.kind, kind),
    eq(payments.status, 'pending'),
    isNull(payments.providerRef),
    gt(payments.createdAt, new Date(Date.now() - REOPEN_WITHIN_MS)),
  );
}

/** The customer's pending top-up of the same amount that the provider could not open lately. */
export async function unopenedTopUp(db: Database, payment: NewPayment): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        unopened(payment.userId, payment.provider, 'top_up'),
        eq(payments.amountMinor, payment.amountMinor),
        eq(payments.currency, payment.currency),
        eq(payments.coinsMinor, payment.coinsMinor),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/** The pending payment of an order, if it has one. */
export async function pendingOrderPayment(db: Database, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}
