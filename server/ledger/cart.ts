import { and, asc, eq, sql } from 'drizzle-orm';
import { type Database, executeRows } from '../db/client';
import { cartLines, carts, products, productTranslations } from '../db/schema';

/** Most items one cart line holds (openapi.yaml `CartItem.count`). */
export const MAX_LINE_COUNT = 99;

/** A cart line as the contract shows it (openapi.yaml `CartItem`). */
export interface CartItem {
  id: number;
  item_id: number;
  count: number;
  item: { title: string; price: number; img_url: string };
}

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

const text = productTranslations;

/** Ids are PostgreSQL `integer`s: a larger number names nothing (and must not reach a query). */
const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

/** The customer's cart lines in the order they were added, titles in `languageId`. */
export async function readCartLines(db: Database, userId: number, languageId: number): Promise<CartLine[]> {
  return db
    .select({
      id: cartLines.id,
      item_id: cartLines.productId,
      count: cartLines.count,
      item: {
        title: sql<string>`coalesce(${text.title}, ${products.title})`,
        price: products.priceMinor,
        img_url: products.imgUrl,
      },
      active: products.active,
    })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(text, and(eq(text.productId, products.id), eq(text.languageId, languageId)))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartLines.id));
}

export function toCartItems(lines: readonly CartLine[]): CartItem[] {
  return lines.map(({ active: _active, ...item }) => item);
}

/**
 * Adds `count` of a product to its line in one statement (one round trip, and no window in which
 * concurrent adds could push a line past `MAX_LINE_COUNT`): the product must be for sale, the
 * cart is created on first use, and the line grows only while it stays within the limit.
 * Throws `ProductUnavailableError` or `LineLimitError` and changes nothing.
 */
export async function addToCart(
  db: Database,
  userId: number,
  productId: number,
  count: number,
): Promise<void> {
  if (!isRowId(productId)) throw new ProductUnavailableError(productId);
  if (count > MAX_LINE_COUNT) throw new LineLimitError(MAX_LINE_COUNT);
  const [outcome] = await executeRows<{ for_sale: boolean; added: boolean }>(
    db,
    sql`
      with product as (
        select id from ${products} where id = ${productId} and active
      ), created as (
        insert into ${carts} (user_id) select ${userId} where exists (select 1 from product)
        on conflict (user_id) do nothing returning id
      ), cart as (
        select id from created union all select id from ${carts} where user_id = ${userId}
      ), line as (
        insert into ${cartLines} (cart_id, product_id, count)
        select (select id from cart limit 1), product.id, ${count} from product
        on conflict (cart_id, product_id) do update set count = ${cartLines}.count + excluded.count
        where ${cartLines}.count + excluded.count <= ${MAX_LINE_COUNT}
        returning id
      )
      select exists (select 1 from product) as for_sale, exists (select 1 from line) as added`,
  );
  if (!outcome?.for_sale) throw new ProductUnavailableError(productId);
  if (!outcome.added) throw new LineLimitError(MAX_LINE_COUNT);
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

export async function clearCart(db: Database, userId: number): Promise<void> {
  await db
    .delete(cartLines)
    .where(eq(cartLines.cartId, sql`(select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`));
}

/**
 * Takes what an order bought out of the cart: each line loses the order line's count, and goes
 * when nothing is left. Items added to the cart after the checkout stay.
 */
export async function removePurchasedItems(db: Database, userId: number, orderId: number): Promise<void> {
  await db.execute(sql`
    delete from cart_lines cl using carts c, order_lines ol
    where c.id = cl.cart_id and c.user_id = ${userId}
      and ol.order_id = ${orderId} and ol.product_id = cl.product_id and cl.count <= ol.count`);
  await db.execute(sql`
    update cart_lines cl set count = cl.count - ol.count
    from carts c, order_lines ol
    where c.id = cl.cart_id and c.user_id = ${userId}
      and ol.order_id = ${orderId} and ol.product_id = cl.product_id and cl.count > ol.count`);
}
