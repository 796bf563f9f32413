import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../domain/contract';
import { type PriceProblem, priceProblem } from '../../domain/money';
import { catalogueChanged } from '../catalogue/catalogue-changes';
import { IMAGE_MAX_BYTES, imageTypeOf, imageUrl, storeImage } from '../catalogue/product-images';
import type { Database } from '../db/database';
import { products, productTranslations } from '../db/schema';
import { transaction } from '../db/statement';
import { type Actor, audit } from './audit';
import { VersionChangedError } from './refusals';
import type { TextProblem } from './texted-records';
import { createTextedRecord, lockRecord, textedRecord, textsOf, updateTextedRecord } from './texted-records';

type OperatorProduct = components['schemas']['OperatorProduct'];
type ProductText = components['schemas']['ProductText'];
type CreateInput = components['schemas']['ProductCreateRequest'];
type ChangeInput = components['schemas']['ProductChangeRequest'];

/** What a product without an image of its own shows. */
export const PLACEHOLDER_IMAGE = '/images/products/placeholder.svg';

export type ProductProblem = PriceProblem | TextProblem | 'slugTaken' | 'notAbovePrice';

/** The price's problem, and the compare-at price's: a price itself, and above the price. */
function priceProblems(price: number, compareAt: number | null): Record<string, ProductProblem> {
  const problems: Record<string, ProductProblem> = {};
  const problem = priceProblem(price);
  if (problem !== null) problems.price = problem;
  if (compareAt !== null) {
    const before = priceProblem(compareAt) ?? (compareAt <= price ? 'notAbovePrice' : null);
    if (before !== null) problems.compare_at_price = before;
  }
  return problems;
}

const cleanText = (text: ProductText): ProductText => ({
  title: text.title.trim(),
  description: text.description.trim(),
});

async function productsWithTexts(db: Database, ids: readonly number[] | 'all'): Promise<OperatorProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(ids === 'all' ? undefined : inArray(products.id, [...ids]))
    .orderBy(asc(products.position), asc(products.id));
  const texts = await textsOf(db, PRODUCT, rows);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    category: row.category,
    price: Number(row.priceMinor),
    compare_at_price: row.compareAtPriceMinor === null ? null : Number(row.compareAtPriceMinor),
    img_url: row.imgUrl,
    active: row.active,
    position: row.position,
    max_per_order: row.maxPerOrder,
    max_per_customer: row.maxPerCustomer,
    version: row.version,
    texts: texts.get(row.id) ?? {},
  }));
}

/** Every product, hidden ones too, in the shop's order, with every language's texts. */
export const listOperatorProducts = (db: Database): Promise<OperatorProduct[]> =>
  productsWithTexts(db, 'all');

/** One product as the operator edits it; null when there is none. */
export const operatorProduct = (db: Database, id: number): Promise<OperatorProduct | null> =>
  PRODUCT.read(db, id);

/** How a product and its texts are stored (`texted-records.ts`). */
const PRODUCT = textedRecord<ProductText, OperatorProduct>(
  'product',
  { records: products, translations: productTranslations, recordKey: 'productId' },
  { fields: ['title', 'description'], clean: cleanText },
  productsWithTexts,
);

/** Adds a product (`createTextedRecord`), hidden unless `active`. */
export function createProduct(db: Database, actor: Actor, input: CreateInput): Promise<OperatorProduct> {
  return createTextedRecord<ProductText, OperatorProduct, ProductProblem>(db, actor, PRODUCT, input, {
    row: {
      priceMinor: input.price,
      compareAtPriceMinor: input.compare_at_price ?? null,
      imgUrl: input.img_url ?? PLACEHOLDER_IMAGE,
      category: input.category,
      active: input.active ?? false,
      maxPerOrder: input.max_per_order ?? null,
      maxPerCustomer: input.max_per_customer ?? null,
    },
    problems: () => priceProblems(input.price, input.compare_at_price ?? null),
  });
}

/** The fields of a product an update may change, with their columns. */
const FIELDS = {
  category: 'category',
  price: 'priceMinor',
  compare_at_price: 'compareAtPriceMinor',
  img_url: 'imgUrl',
  active: 'active',
  position: 'position',
  max_per_order: 'maxPerOrder',
  max_per_customer: 'maxPerCustomer',
} as const;

/**
 * Saves the fields and texts of `change` that differ from the stored product, if it is still at
 * `change.version` (`updateTextedRecord`). Null when there is no such product.
 */
export function updateProduct(db: Database, actor: Actor, id: number, change: ChangeInput) {
  return updateTextedRecord<ProductText, OperatorProduct, ProductProblem>(db, actor, PRODUCT, id, change, {
    fields: FIELDS,
    problems: (_tx, current) =>
      change.price === undefined && change.compare_at_price === undefined
        ? {}
        : priceProblems(
            change.price ?? current.price,
            change.compare_at_price === undefined ? current.compare_at_price : change.compare_at_price,
          ),
  });
}

/** The image is larger than IMAGE_MAX_BYTES. */
export class ImageTooLargeError extends Error {
  constructor(readonly size: number) {
    super(`An image of ${size} bytes is larger than ${IMAGE_MAX_BYTES}`);
    this.name = 'ImageTooLargeError';
  }
}

/** The bytes are not a PNG, JPEG or WebP image. */
export class NotAnImageError extends Error {
  constructor() {
    super('Not a PNG, JPEG or WebP image');
    this.name = 'NotAnImageError';
  }
}

/**
 * Stores `bytes` (checked by their content: PNG, JPEG or WebP, at most 1 MB) in the database and
 * points the product's `img_url` at it, if the product is still at `version`; the audit row and
 * the version's move are in the same transaction. Null when there is no such product.
 */
export async function setProductImage(
  db: Database,
  actor: Actor,
  id: number,
  version: number,
  bytes: Buffer,
): Promise<OperatorProduct | null> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageTooLargeError(bytes.length);
  const type = imageTypeOf(bytes);
  if (type === null) throw new NotAnImageError();
  let changed = false;
  const saved = await transaction(db, async (tx) => {
    const locked = await lockRecord(tx, PRODUCT, id);
    if (locked === null) return null;
    if (locked !== version) throw new VersionChangedError(locked);
    const current = (await operatorProduct(tx, id)) as OperatorProduct;
    const url = imageUrl(await storeImage(tx, bytes, type));
    if (url === current.img_url) return current;
    await tx
      .update(products)
      .set({ imgUrl: url, version: sql`${products.version} + 1` })
      .where(eq(products.id, id));
    await audit(tx, actor, {
      action: 'product.image',
      entity: 'product',
      entityId: id,
      before: { img_url: current.img_url, version },
      after: { img_url: url, version: version + 1, type, size: bytes.length },
    });
    changed = true;
    return operatorProduct(tx, id);
  });
  if (changed) catalogueChanged(db);
  return saved;
}
