import type { Database } from '../db/database';
import { defineStatement, runStatement, transaction } from '../db/statement';
import { needsPlayer, queueDeliveries } from '../delivery/queue';
import { boughtUnits, type CartLine, clearCart, readCartLines } from '../ledger/cart';
import {
  type IdempotencyClaim,
  type KeyState,
  keepKey,
  readKey,
  type StoredAnswer,
} from '../ledger/idempotency';
import { appendLedgerEntry, InsufficientFundsError, lockBalance } from '../ledger/ledger';
import { queueMail } from '../mail/queue';
import { insertPayment, type PaymentRow, pendingOrderPayment } from '../payments/payments';
import type { PaymentProvider } from '../payments/provider';

/** The cart holds a product with delivery commands and the checkout names no player (ADR 0031). */
export class PlayerRequiredError extends Error {
  constructor() {
    super('The cart holds a product delivered in game: a player name is needed');
    this.name = 'PlayerRequiredError';
  }
}

export class CheckoutError extends Error {
  constructor(readonly reason: 'empty' | 'unavailable') {
    super(reason === 'empty' ? 'The cart is empty' : 'The cart holds products no longer for sale');
    this.name = 'CheckoutError';
  }
}

/**
 * A line holds more than the product's `max_per_order` (`per: 'order'`) or would take the
 * customer past its `max_per_customer` (`per: 'customer'`; domain/cart.ts).
 */
export class PurchaseLimitReachedError extends Error {
  constructor(
    readonly title: string,
    readonly limit: number,
    readonly per: 'order' | 'customer',
  ) {
    super(`${title} is limited to ${limit} per ${per}`);
    this.name = 'PurchaseLimitReachedError';
  }
}

interface LockedCart {
  balanceMinor: number;
  lines: CartLine[];
  totalMinor: number;
}

/**
 * Locks the customer's row, then reads the cart: a second checkout of the same customer waits
 * here and then sees the cart the first one left (empty after a balance payment), and the
 * Idempotency-Key the first one kept.
 */
async function lockCustomer(
  tx: Database,
  userId: number,
  claim: IdempotencyClaim | undefined,
): Promise<{ balanceMinor: number; key: KeyState }> {
  const balanceMinor = await lockBalance(tx, userId);
  return { balanceMinor, key: claim === undefined ? { kind: 'new' } : await readKey(tx, claim) };
}

/**
 * Refuses a cart with a line over its product's `max_per_order` (the operator may have lowered it
 * since), or whose lines, with the customer's paid and pending orders, go past a product's
 * `max_per_customer`. Checkout holds the customer's row, so no other order of theirs can start
 * between this count and the order.
 */
async function refuseOverLimit(tx: Database, userId: number, lines: readonly CartLine[]): Promise<void> {
  for (const { item, count } of lines) {
    if (item.max_per_order !== null && count > item.max_per_order) {
      throw new PurchaseLimitReachedError(item.title, item.max_per_order, 'order');
    }
  }
  const limited = lines.filter((line) => line.item.max_per_customer !== null);
  if (limited.length === 0) return;
  const bought = await boughtUnits(
    tx,
    userId,
    limited.map((line) => line.item_id),
  );
  for (const line of limited) {
    const limit = line.item.max_per_customer as number;
    if ((bought.get(line.item_id) ?? 0) + line.count > limit) {
      throw new PurchaseLimitReachedError(line.item.title, limit, 'customer');
    }
  }
}

/**
 * The customer's cart as an order takes it (read while `lockCustomer` holds the customer's row):
 * refused when it is empty, a product is no longer for sale, or a line goes past a product's limit.
 */
async function readOrderableCart(
  tx: Database,
  userId: number,
  languageId: number,
  balanceMinor: number,
): Promise<LockedCart> {
  const lines = await readCartLines(tx, userId, languageId);
  if (lines.length === 0) throw new CheckoutError('empty');
  if (lines.some((line) => !line.active)) throw new CheckoutError('unavailable');
  await refuseOverLimit(tx, userId, lines);
  const totalMinor = lines.reduce((sum, line) => sum + line.item.price * line.count, 0);
  if (!Number.isSafeInteger(totalMinor)) throw new RangeError(`Order total out of range: ${totalMinor}`);
  return { balanceMinor, lines, totalMinor };
}

/** A checkout sent with an Idempotency-Key: the key, and the answer it keeps for an order paid at once. */
export interface IdempotentCheckout {
  claim: IdempotencyClaim;
  paidAnswer(orderId: number): StoredAnswer;
}

/** The first answer to this Idempotency-Key, to be sent again. */
export type Replay = { kind: 'replay'; answer: StoredAnswer };

/**
 * The order and its lines (snapshots of the cart's, passed as JSON, in cart order) in one statement;
 * a customer without a saved player keeps the order's (ADR 0031).
 */
const insertOrderWithLines = defineStatement<{ id: number }>(
  'bf_checkout_insert_order',
  `with o as (
     insert into orders (user_id, status, total_minor, payment_method, player)
     values ($1::int, $2::order_status, $3::bigint, $4::payment_method, $6)
     returning id
   ), l as (
     insert into order_lines (order_id, product_id, title, price_minor, count)
     select o.id, x.product_id, x.title, x.price_minor, x.count
     from o, rows from (json_to_recordset($5::json) as (product_id int, title text, price_minor bigint, count int))
       with ordinality as x(product_id, title, price_minor, count, n)
     order by x.n
   ), remembered as (
     -- The first player named at checkout becomes the profile's (what checkout suggests next time).
     update users set player = $6 where id = $1::int and player is null and $6::text is not null
   )
   select id from o`,
);

async function insertOrder(
  tx: Database,
  userId: number,
  method: 'balance' | 'card',
  status: 'paid' | 'pending',
  cart: LockedCart,
  player: string | undefined,
): Promise<number> {
  // The player is stored only on an order that delivers something in game.
  const needed = await needsPlayer(
    tx,
    cart.lines.map((line) => line.item_id),
  );
  if (needed && player === undefined) throw new PlayerRequiredError();
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
    needed ? (player ?? null) : null,
  ]);
  if (order === undefined) throw new Error('order was not stored');
  return order.id;
}

/**
 * Pays an order at once: paid order, ledger debit `order:<id>`, its delivery rows, empty cart, all
 * or nothing.
 */
async function payNow(
  tx: Database,
  userId: number,
  method: 'balance' | 'card',
  cart: LockedCart,
  player: string | undefined,
) {
  if (cart.totalMinor > cart.balanceMinor && method === 'balance') {
    throw new InsufficientFundsError(cart.balanceMinor, cart.totalMinor);
  }
  const orderId = await insertOrder(tx, userId, method, 'paid', cart, player);
  await queueDeliveries(tx, orderId);
  await queueMail(tx, { kind: 'order_confirmation', userId, orderId });
  if (cart.totalMinor > 0 && method === 'balance') {
    // The customer's row is still locked from `lockCustomer`, its balance unmoved since.
    await appendLedgerEntry(
      tx,
      { userId, amountMinor: -cart.totalMinor, reason: 'order', idempotencyKey: `order:${orderId}`, orderId },
      { userId, balanceMinor: cart.balanceMinor },
    );
  }
  await clearCart(tx, userId);
  return orderId;
}

/**
 * Checkout with coins, in one transaction. Throws `CheckoutError` or `InsufficientFundsError`
 * (nothing written) when it cannot go through. With a key seen before, the first answer.
 */
export function checkoutWithBalance(
  db: Database,
  userId: number,
  languageId: number,
  idempotent?: IdempotentCheckout,
  player?: string,
): Promise<{ kind: 'paid'; orderId: number } | Replay> {
  return transaction(db, async (tx) => {
    const { balanceMinor, key } = await lockCustomer(tx, userId, idempotent?.claim);
    if (key.kind === 'answered') return { kind: 'replay', answer: key.answer };
    const orderId = await payNow(
      tx,
      userId,
      'balance',
      await readOrderableCart(tx, userId, languageId, balanceMinor),
      player,
    );
    if (idempotent) await keepKey(tx, idempotent.claim, orderId, idempotent.paidAnswer(orderId));
    return { kind: 'paid', orderId };
  });
}

export interface CardCharge {
  /** What the card pays for `coinsMinor` coins: minor units of `currency`, VAT included. */
  chargeFor(coinsMinor: number): { amountMinor: number; currency: string };
}

export type CardCheckout =
  | { kind: 'payment'; orderId: number; payment: PaymentRow; totalMinor: number }
  /** A free order needs no payment: it is paid at once. */
  | { kind: 'paid'; orderId: number };

/** The order an Idempotency-Key made whose payment is still pending: its retry opens that payment. */
async function keyPayment(tx: Database, key: KeyState): Promise<CardCheckout | undefined> {
  if (key.kind !== 'opening' || key.orderId === null) return undefined;
  const payment = await pendingOrderPayment(tx, key.orderId);
  return payment === undefined
    ? undefined
    : { kind: 'payment', orderId: key.orderId, payment, totalMinor: payment.coinsMinor };
}

/**
 * Checkout by card: a pending order and a pending payment for it, in one transaction that also
 * empties the cart, so the same lines cannot be bought twice (a second checkout finds the cart
 * empty). A declined or failed payment puts the lines back (`restoreOrderLines`). With an
 * Idempotency-Key, the key is kept with the order (`keepKey` adds the answer once the
 * provider's page is open); the key seen before answers its first answer, or opens its order's
 * payment when that page never opened.
 */
export function startCardCheckout(
  db: Database,
  userId: number,
  languageId: number,
  provider: PaymentProvider['name'],
  charge: CardCharge,
  idempotent?: IdempotentCheckout,
  player?: string,
): Promise<CardCheckout | Replay> {
  return transaction(db, async (tx) => {
    const { balanceMinor, key } = await lockCustomer(tx, userId, idempotent?.claim);
    if (key.kind === 'answered') return { kind: 'replay', answer: key.answer };
    const reopened = await keyPayment(tx, key);
    if (reopened) return reopened;
    const cart = await readOrderableCart(tx, userId, languageId, balanceMinor);
    if (cart.totalMinor === 0) {
      const orderId = await payNow(tx, userId, 'card', cart, player);
      if (idempotent) await keepKey(tx, idempotent.claim, orderId, idempotent.paidAnswer(orderId));
      return { kind: 'paid', orderId };
    }
    const orderId = await insertOrder(tx, userId, 'card', 'pending', cart, player);
    const payment = await insertPayment(tx, {
      kind: 'order',
      provider,
      userId,
      orderId,
      coinsMinor: cart.totalMinor,
      ...charge.chargeFor(cart.totalMinor),
    });
    await clearCart(tx, userId);
    if (idempotent) await keepKey(tx, idempotent.claim, orderId);
    return { kind: 'payment', orderId, payment, totalMinor: cart.totalMinor };
  });
}
