import type { Database } from '../db/client';
import { defineStatement, runStatement, transaction } from '../db/statement';
import { insertPayment, type PaymentRow } from '../payments/payments';
import type { PaymentProvider } from '../payments/provider';
import { type CartLine, clearCart, readCartLines } from './cart';
import { appendLedgerEntry, InsufficientFundsError, lockBalance } from './ledger';

export class CheckoutError extends Error {
  constructor(readonly reason: 'empty' | 'unavailable') {
    super(reason === 'empty' ? 'The cart is empty' : 'The cart holds products no longer for sale');
    this.name = 'CheckoutError';
  }
}

interface LockedCart {
  balanceMinor: number;
  lines: CartLine[];
  totalMinor: number;
}

/**
 * Locks the customer's row, then reads the cart: a second checkout of the same customer waits
 * here and then sees the cart the first one left (empty after a balance payment).
 */
async function lockCart(tx: Database, userId: number, languageId: number): Promise<LockedCart> {
  const balanceMinor = await lockBalance(tx, userId);
  const lines = await readCartLines(tx, userId, languageId);
  if (lines.length === 0) throw new CheckoutError('empty');
  if (lines.some((line) => !line.active)) throw new CheckoutError('unavailable');
  const totalMinor = lines.reduce((sum, line) => sum + line.item.price * line.count, 0);
  if (!Number.isSafeInteger(totalMinor)) throw new RangeError(`Order total out of range: ${totalMinor}`);
  return { balanceMinor, lines, totalMinor };
}

/** The order and its lines (snapshots of the cart's, passed as JSON, in cart order) in one statement. */
const insertOrderWithLines = defineStatement<{ id: number }>(
  'bf_checkout_insert_order',
  `with o as (
     insert into orders (user_id, status, total_minor, payment_method)
     values ($1::int, $2::order_status, $3::bigint, $4::payment_method)
     returning id
   ), l as (
     insert into order_lines (order_id, product_id, title, price_minor, count)
     select o.id, x.product_id, x.title, x.price_minor, x.count
     from o, rows from (json_to_recordset($5::json) as (product_id int, title text, price_minor bigint, count int))
       with ordinality as x(product_id, title, price_minor, count, n)
     order by x.n
   )
   select id from o`,
);

async function insertOrder(
  tx: Database,
  userId: number,
  method: 'balance' | 'card',
  status: 'paid' | 'pending',
  cart: LockedCart,
): Promise<number> {
  const lines = cart.lines.map((line) => ({
    product_id: line.item_id,
    title: line.item.title,
    price_minor: line.item.price,
    count: line.count,
  }));
  const [order] = await runStatement(tx, insertOrderWithLines, [
    userId,
    status,
    cart.totalMinor,
    method,
    JSON.stringify(lines),
  ]);
  if (order === undefined) throw new Error('order was not stored');
  return order.id;
}

/** Pays an order at once: paid order, ledger debit `order:<id>`, empty cart, all or nothing. */
async function payNow(tx: Database, userId: number, method: 'balance' | 'card', cart: LockedCart) {
  if (cart.totalMinor > cart.balanceMinor && method === 'balance') {
    throw new InsufficientFundsError(cart.balanceMinor, cart.totalMinor);
  }
  const orderId = await insertOrder(tx, userId, method, 'paid', cart);
  if (cart.totalMinor > 0 && method === 'balance') {
    await appendLedgerEntry(tx, {
      userId,
      amountMinor: -cart.totalMinor,
      reason: 'order',
      idempotencyKey: `order:${orderId}`,
      orderId,
    });
  }
  await clearCart(tx, userId);
  return orderId;
}

/**
 * Checkout with coins, in one transaction. Throws `CheckoutError` or `InsufficientFundsError`
 * (nothing written) when it cannot go through.
 */
export function checkoutWithBalance(db: Database, userId: number, languageId: number): Promise<number> {
  return transaction(db, async (tx) => payNow(tx, userId, 'balance', await lockCart(tx, userId, languageId)));
}

export interface CardCharge {
  /** What the card pays for `coinsMinor` coins: minor units of `currency`, VAT included. */
  chargeFor(coinsMinor: number): { amountMinor: number; currency: string };
}

export type CardCheckout =
  | { kind: 'payment'; orderId: number; payment: PaymentRow; totalMinor: number }
  /** A free order needs no payment: it is paid at once. */
  | { kind: 'paid'; orderId: number };

/**
 * Checkout by card: a pending order and a pending payment for it, in one transaction that also
 * empties the cart, so the same lines cannot be bought twice (a second checkout finds the cart
 * empty). A declined or failed payment puts the lines back (`restoreOrderLines`).
 */
export function startCardCheckout(
  db: Database,
  userId: number,
  languageId: number,
  provider: PaymentProvider['name'],
  charge: CardCharge,
): Promise<CardCheckout> {
  return transaction(db, async (tx) => {
    const cart = await lockCart(tx, userId, languageId);
    if (cart.totalMinor === 0) return { kind: 'paid', orderId: await payNow(tx, userId, 'card', cart) };
    const orderId = await insertOrder(tx, userId, 'card', 'pending', cart);
    const payment = await insertPayment(tx, {
      kind: 'order',
      provider,
      userId,
      orderId,
      coinsMinor: cart.totalMinor,
      ...charge.chargeFor(cart.totalMinor),
    });
    await clearCart(tx, userId);
    return { kind: 'payment', orderId, payment, totalMinor: cart.totalMinor };
  });
}
