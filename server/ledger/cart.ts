import { and, eq, sql } from 'drizzle-orm';
import { isLineCount, MAX_LINE_COUNT } from '../../domain/cart';
import type { components } from '../../domain/contract';
import type { Database } from '../db/database';
import { cartLines, carts } from '../db/schema';
import { defineStatement, runStatement } from '../db/statement';

/** A cart line as the contract shows it. */
export type CartItem = components['schemas']['CartItem'];

/** A cart line with what checkout needs besides the contract's fields. */
export interface CartLine extends CartItem {
  active: boolean;
}

export class ProductUnavailableError extends Error {
  constructor(readonly productId: number) {
    super(`Product ${productId} is unknown or not for sale`);
    this.name = 'ProductUnavailableError';
  }
}

export class LineLimitError extends Error {
  constructor(readonly max: number) {
    super(`A cart line holds at most ${max}`);
    this.name = 'LineLimitError';
  }
}

/**
 * More of a product than its limit allows: in one line than its `max_per_order` (`per: 'order'`),
 * or than its `max_per_customer` leaves this customer (`per: 'customer'`; domain/cart.ts).
 */
export class ProductLimitError extends Error {
  constructor(
    readonly productId: number,
    readonly limit: number,
    readonly per: 'order' | 'customer',
  ) {
    super(`Product ${productId} is limited to ${limit} per ${per}`);
    this.name = 'ProductLimitError';
  }
}

/**
 * How many units of the product `p` the customer `$1` has in paid and pending orders: what its
 * `max_per_customer` counts besides the cart.
 */
const BOUGHT = `(select coalesce(sum(ol.count), 0)::int from order_lines ol
    join orders o on o.id = ol.order_id
    where o.user_id = $1::int and ol.product_id = p.id and o.status in ('paid', 'pending'))`;

const boughtOf = defineStatement<{ id: number; bought: number }>(
  'bf_cart_bought',
  `select p.id, ${BOUGHT} as bought from products p where p.id = any(string_to_array($2::text, ',')::int[])`,
);

/** How many units of each of `productIds` the customer has in paid and pending orders. */
export async function boughtUnits(
  db: Database,
  userId: number,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await runStatement(db, boughtOf, [userId, productIds.join(',')]);
  return new Map(rows.map((row) => [row.id, row.bought]));
}

/**
 * The most units of product `p` customer `$1` may hold in one cart line: `MAX_LINE_COUNT`, its
 * `max_per_order`, and what its `max_per_customer` leaves, whichever is least (orders are counted
 * only for a product that has a customer limit).
 */
const LINE_CAP = (max: string) =>
  `least(${max}, coalesce(p.max_per_order, ${max}),
    case when p.max_per_customer is null then ${max} else p.max_per_customer - ${BOUGHT} end)`;

/** Ids are PostgreSQL `integer`s: a larger number names nothing (and must not reach a query). */
const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

/**
 * One cart line as JSON, from `l` (id, product_id, count) joined with its product `p` and its
 * title `t` in the language `$2`, and whether the product delivers in game (ADR 0031); aggregated in
 * the order the lines were added.
 */
const CART_JSON = `coalesce(json_agg(json_build_object(
    'id', l.id, 'item_id', l.product_id, 'count', l.count,
    'max_count', greatest(0, ${LINE_CAP(`${MAX_LINE_COUNT}`)}),
    'item', json_build_object('title', coalesce(t.title, p.title), 'price', p.price_minor, 'img_url', p.img_url,
      'in_game', exists (select 1 from product_commands pc where pc.product_id = p.id),
      'max_per_order', p.max_per_order, 'max_per_customer', p.max_per_customer),
    'active', p.active) order by l.id), '[]')::text`;

const LINE_JOINS = `join products p on p.id = l.product_id
  left join product_translations t on t.product_id = p.id and t.language_id = $2::int`;

// Every cart answer reads the cart, and cart/add changes it too: prepared statements
// (server/db/statement.ts) answering the cart as one JSON value, so the cart routes stay cheap
// on the embedded database.
const cartOf = defineStatement<{ cart: string }>(
  'bf_cart_lines',
  `select ${CART_JSON} as cart
   from cart_lines l join carts c on c.id = l.cart_id ${LINE_JOINS}
   where c.user_id = $1::int`,
);

/**
 * Adds to a line and answers the whole cart after it, in one statement. A data-modifying CTE's
 * rows are not visible to the rest of its statement, so the cart is the line as `line` returns
 * it plus the other lines as they were. It adds nothing when the customer has no cart yet
 * (`has_cart` false): see `addToCart`.
 */
const addAndRead = defineStatement<{
  for_sale: boolean;
  has_cart: boolean;
  added: boolean;
  max_per_order: number | null;
  max_per_customer: number | null;
  cap: number | null;
  cart: string;
}>(
  'bf_cart_add',
  `with product as (
     select p.id, p.max_per_order, p.max_per_customer, ${LINE_CAP('$5::int')} as cap
     from products p where p.id = $3::int and p.active
   ), cart as (
     select id from carts where user_id = $1::int
   ), line as (
     insert into cart_lines (cart_id, product_id, count)
     select cart.id, product.id, $4::int from product, cart where $4::int <= product.cap
     on conflict (cart_id, product_id) do update set count = cart_lines.count + excluded.count
     where cart_lines.count + excluded.count <= (select cap from product)
     returning id, product_id, count
   ), lines as (
     select id, product_id, count from line
     union all
     select cl.id, cl.product_id, cl.count
     from cart_lines cl join cart on cart.id = cl.cart_id
     where not exists (select 1 from line where line.id = cl.id)
   )
   select exists (select 1 from product) as for_sale, exists (select 1 from cart) as has_cart,
          exists (select 1 from line) as added, (select max_per_order from product) as max_per_order,
          (select max_per_customer from product) as max_per_customer, (select cap from product) as cap,
          (select ${CART_JSON} from lines l ${LINE_JOINS}) as cart`,
);

const createCart = defineStatement(
  'bf_cart_create',
  'insert into carts (user_id) values ($1::int) on conflict (user_id) do nothing',
);

/** The customer's cart lines in the order they were added, titles in `languageId`. */
export async function readCartLines(db: Database, userId: number, languageId: number): Promise<CartLine[]> {
  const [row] = await runStatement(db, cartOf, [userId, languageId]);
  return row === undefined ? [] : (JSON.parse(row.cart) as CartLine[]);
}

export function toCartItems(lines: readonly CartLine[]): CartItem[] {
  return lines.map(({ active: _active, ...item }) => item);
}

/**
 * Adds `count` of a product to its line in one statement (one round trip, and no window in which
 * concurrent adds could push a line past `MAX_LINE_COUNT`): the product must be for sale, and the
 * line grows only while it stays within the limit, the product's `max_per_order` and what its
 * `max_per_customer` leaves the customer. Answers the cart after the change, titles in
 * `languageId`. Throws `ProductUnavailableError`, `ProductLimitError` or `LineLimitError` and changes nothing.
 *
 * The first add creates the cart in a statement of its own and then adds. One statement that
 * creates the cart `on conflict do nothing` and reads it back cannot see a cart another request
 * is creating at the same moment (its snapshot predates it): on PostgreSQL concurrent first adds
 * then lost lines. A statement that starts after the insert has waited for the other one sees it.
 */
export async function addToCart(
  db: Database,
  userId: number,
  productId: number,
  count: number,
  languageId: number,
): Promise<CartLine[]> {
  if (!isRowId(productId)) throw new ProductUnavailableError(productId);
  if (count > MAX_LINE_COUNT) throw new LineLimitError(MAX_LINE_COUNT);
  const parameters = [userId, languageId, productId, count, MAX_LINE_COUNT];
  let [row] = await runStatement(db, addAndRead, parameters);
  if (row?.for_sale && !row.has_cart) {
    await runStatement(db, createCart, [userId]);
    [row] = await runStatement(db, addAndRead, parameters);
  }
  if (!row?.for_sale) throw new ProductUnavailableError(productId);
  if (!row.added) throw limitError(productId, row);
  return JSON.parse(row.cart) as CartLine[];
}

/** Removes one of the customer's own lines; false when they have no such line. */
export async function removeCartLine(db: Database, userId: number, lineId: number): Promise<boolean> {
  if (!isRowId(lineId)) return false;
  const removed = await db
    .delete(cartLines)
    .where(
      and(
        eq(cartLines.id, lineId),
        eq(cartLines.cartId, sql`(select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`),
      ),
    )
    .returning({ id: cartLines.id });
  return removed.length > 0;
}

interface LineLimits {
  max_per_order: number | null;
  max_per_customer: number | null;
  cap: number | null;
}

/**
 * Which limit refused a line: the one its cap (`LINE_CAP`) came from. `max_per_order` when it is
 * the cap, else `max_per_customer` when the cap is below `MAX_LINE_COUNT`, else the line's own.
 */
function limitError(productId: number, { max_per_order, max_per_customer, cap }: LineLimits): Error {
  if (cap === null || cap >= MAX_LINE_COUNT) return new LineLimitError(MAX_LINE_COUNT);
  if (max_per_order !== null && max_per_order === cap)
    return new ProductLimitError(productId, max_per_order, 'order');
  if (max_per_customer !== null) return new ProductLimitError(productId, max_per_customer, 'customer');
  return new LineLimitError(MAX_LINE_COUNT);
}

const setCount = defineStatement<{
  found: boolean;
  set: boolean;
  product_id: number | null;
  max_per_order: number | null;
  max_per_customer: number | null;
  cap: number | null;
}>(
  'bf_cart_set_count',
  `with line as (
     select l.id, p.id as product_id, p.max_per_order, p.max_per_customer,
       ${LINE_CAP(`${MAX_LINE_COUNT}`)} as cap
     from cart_lines l join carts c on c.id = l.cart_id join products p on p.id = l.product_id
     where l.id = $2::int and c.user_id = $1::int
   ), changed as (
     update cart_lines set count = $3::int
     where id = (select id from line) and $3::int <= (select cap from line)
     returning id
   )
   select exists (select 1 from line) as found, exists (select 1 from changed) as set,
          (select product_id from line) as product_id, (select max_per_order from line) as max_per_order,
          (select max_per_customer from line) as max_per_customer, (select cap from line) as cap`,
);

/**
 * Sets the count of one of the customer's own lines (1 to `MAX_LINE_COUNT`, the contract's range,
 * at most the product's `max_per_order`, and within what its `max_per_customer` leaves the
 * customer); false when they have no such line. Throws `ProductLimitError` or
 * `LineLimitError` and changes nothing.
 */
export async function setCartLineCount(
  db: Database,
  userId: number,
  lineId: number,
  count: number,
): Promise<boolean> {
  if (!isRowId(lineId)) return false;
  if (!isLineCount(count)) throw new LineLimitError(MAX_LINE_COUNT);
  const [row] = await runStatement(db, setCount, [userId, lineId, count]);
  if (!row?.found) return false;
  if (!row.set) throw limitError(row.product_id as number, row);
  return true;
}

const clearLines = defineStatement(
  'bf_cart_clear',
  'delete from cart_lines where cart_id = (select id from carts where user_id = $1::int)',
);

export async function clearCart(db: Database, userId: number): Promise<void> {
  await runStatement(db, clearLines, [userId]);
}

/**
 * Puts an unpaid order's lines back into the customer's cart (a declined or failed card payment):
 * each product still for sale gets its line again, added to any line it has now and capped at
 * `MAX_LINE_COUNT` and the product's `max_per_order`. Run in the transaction that fails the order, so it happens once.
 */
export async function restoreOrderLines(db: Database, userId: number, orderId: number): Promise<void> {
  // Its own statement, for the reason `addToCart` gives.
  await db.execute(sql`insert into carts (user_id) values (${userId}) on conflict (user_id) do nothing`);
  await db.execute(sql`
    insert into cart_lines (cart_id, product_id, count)
    select c.id, ol.product_id, least(sum(ol.count), ${MAX_LINE_COUNT}, coalesce(p.max_per_order, ${MAX_LINE_COUNT}))
    from order_lines ol
    join orders o on o.id = ol.order_id and o.user_id = ${userId}
    join products p on p.id = ol.product_id and p.active
    join carts c on c.user_id = ${userId}
    where ol.order_id = ${orderId}
    group by c.id, ol.product_id, p.max_per_order
    on conflict (cart_id, product_id)
    do update set count = least(cart_lines.count + excluded.count, ${MAX_LINE_COUNT},
      coalesce((select max_per_order from products where id = excluded.product_id), ${MAX_LINE_COUNT}))`);
}
