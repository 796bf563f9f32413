import { asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { components } from '../../domain/contract';
import { type PriceProblem, priceProblem } from '../../domain/money';
import { catalogueChanged } from '../catalogue/catalogue-changes';
import { IMAGE_MAX_BYTES, imageTypeOf, imageUrl, storeImage } from '../catalogue/product-images';
import type { Database } from '../db/database';
import { languages, products, productTranslations } from '../db/schema';
import { transaction } from '../db/statement';
import { type Actor, audit } from './audit';
import { saveRecordChange, storeLanguages, type TextProblem, textProblems } from './record-texts';

type OperatorProduct = components['schemas']['OperatorProduct'];
type ProductText = components['schemas']['ProductText'];
type CreateInput = components['schemas']['ProductCreateRequest'];
type ChangeInput = components['schemas']['ProductChangeRequest'];

/** What a product without an image of its own shows. */
export const PLACEHOLDER_IMAGE = '/images/products/placeholder.svg';

export type ProductProblem = PriceProblem | TextProblem | 'slugTaken';

/** Fields the store cannot keep, keyed as the contract's field errors (`price`, `texts.de`). */
export class ProductRefusedError extends Error {
  constructor(readonly problems: Record<string, ProductProblem>) {
    super(`Product refused: ${Object.keys(problems).join(', ')}`);
    this.name = 'ProductRefusedError';
  }
}

/** The update names another version than the stored one: somebody saved in between. */
export class ProductChangedError extends Error {
  constructor(readonly current: number) {
    super(`The product is at version ${current} now`);
    this.name = 'ProductChangedError';
  }
}

const cleanText = (text: ProductText): ProductText => ({
  title: text.title.trim(),
  description: text.description.trim(),
});

async function productsWithTexts(db: Database, ids: readonly number[] | 'all'): Promise<OperatorProduct[]> {
  const { defaultCode } = await storeLanguages(db);
  const rows = await db
    .select()
    .from(products)
    .where(ids === 'all' ? undefined : inArray(products.id, [...ids]))
    .orderBy(asc(products.position), asc(products.id));
  if (rows.length === 0) return [];
  const translated = await db
    .select({
      productId: productTranslations.productId,
      code: languages.code,
      title: productTranslations.title,
      description: productTranslations.description,
    })
    .from(productTranslations)
    .innerJoin(languages, eq(languages.id, productTranslations.languageId))
    .where(
      inArray(
        productTranslations.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(languages.id));
  return rows.map((row) => {
    const texts: Record<string, ProductText> = {};
    if (defaultCode !== null) texts[defaultCode] = { title: row.title, description: row.description };
    for (const text of translated) {
      if (text.productId === row.id && text.code !== defaultCode) {
        texts[text.code] = { title: text.title, description: text.description };
      }
    }
    return {
      id: row.id,
      slug: row.slug,
      category: row.category,
      price: Number(row.priceMinor),
      img_url: row.imgUrl,
      active: row.active,
      position: row.position,
      purchase_limit: row.purchaseLimit,
      version: row.version,
      texts,
    };
  });
}

/** Every product, hidden ones too, in the shop's order, with every language's texts. */
export function listOperatorProducts(db: Database): Promise<OperatorProduct[]> {
  return productsWithTexts(db, 'all');
}

/** One product as the operator edits it; null when there is none. */
export async function operatorProduct(db: Database, id: number): Promise<OperatorProduct | null> {
  return (await productsWithTexts(db, [id]))[0] ?? null;
}

function refuseIfAny(problems: Record<string, ProductProblem>): void {
  if (Object.keys(problems).length > 0) throw new ProductRefusedError(problems);
}

async function writeText(
  tx: Database,
  productId: number,
  languageId: number,
  text: ProductText | null,
): Promise<void> {
  const row = sql`${productTranslations.productId} = ${productId} and ${productTranslations.languageId} = ${languageId}`;
  if (text === null) {
    await tx.delete(productTranslations).where(row);
    return;
  }
  await tx
    .insert(productTranslations)
    .values({ productId, languageId, ...text })
    .onConflictDoUpdate({
      target: [productTranslations.productId, productTranslations.languageId],
      set: { title: text.title, description: text.description },
    });
}

/**
 * Adds a product (hidden unless `active`, after the last one unless `position` is given) with an
 * audit row in the same transaction; refused with ProductRefusedError and nothing saved.
 */
export async function createProduct(
  db: Database,
  actor: Actor,
  input: CreateInput,
): Promise<OperatorProduct> {
  const created = await transaction(db, async (tx) => {
    const store = await storeLanguages(tx);
    const problems: Record<string, ProductProblem> = textProblems(input.texts, store, true);
    const price = priceProblem(input.price);
    if (price !== null) problems.price = price;
    refuseIfAny(problems);
    // textProblems refused a product without the default language's text.
    const defaultText = cleanText(input.texts[store.defaultCode as string] as ProductText);
    const [last] = await tx.select({ position: max(products.position) }).from(products);
    const [row] = await tx
      .insert(products)
      .values({
        slug: input.slug,
        title: defaultText.title,
        description: defaultText.description,
        priceMinor: input.price,
        imgUrl: input.img_url ?? PLACEHOLDER_IMAGE,
        category: input.category,
        position: input.position ?? (last?.position ?? -1) + 1,
        active: input.active ?? false,
        purchaseLimit: input.purchase_limit ?? null,
      })
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id });
    if (row === undefined) throw new ProductRefusedError({ slug: 'slugTaken' });
    for (const [code, text] of Object.entries(input.texts)) {
      if (text === undefined || code === store.defaultCode) continue;
      await writeText(tx, row.id, store.byCode.get(code) as number, cleanText(text));
    }
    const product = (await operatorProduct(tx, row.id)) as OperatorProduct;
    await audit(tx, actor, { action: 'product.create', entity: 'product', entityId: row.id, after: product });
    return product;
  });
  catalogueChanged(db);
  return created;
}

/** The fields of a product an update may change, with their columns. */
const FIELDS = {
  category: 'category',
  price: 'priceMinor',
  img_url: 'imgUrl',
  active: 'active',
  position: 'position',
  purchase_limit: 'purchaseLimit',
} as const;

/**
 * Saves the fields of `change` that differ from the stored product, if it is still at
 * `change.version`; one audit row holds the changed fields before → after, in the same
 * transaction, and the version moves on. Null when there is no such product.
 */
export async function updateProduct(
  db: Database,
  actor: Actor,
  id: number,
  change: ChangeInput,
): Promise<OperatorProduct | null> {
  let changed = false;
  const saved = await transaction(db, async (tx) => {
    // Two saves of one product one after the other: the second one sees the first one's version.
    const [locked] = await tx
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (locked === undefined) return null;
    if (locked.version !== change.version) throw new ProductChangedError(locked.version);
    const store = await storeLanguages(tx);
    const problems: Record<string, ProductProblem> = textProblems(change.texts, store, false);
    if (change.price !== undefined) {
      const price = priceProblem(change.price);
      if (price !== null) problems.price = price;
    }
    refuseIfAny(problems);
    const current = (await operatorProduct(tx, id)) as OperatorProduct;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set: Partial<typeof products.$inferInsert> = {};
    for (const [field, column] of Object.entries(FIELDS) as [
      keyof typeof FIELDS,
      (typeof FIELDS)[keyof typeof FIELDS],
    ][]) {
      const given = change[field];
      if (given === undefined || given === current[field]) continue;
      before[field] = current[field];
      after[field] = given;
      Object.assign(set, { [column]: given });
    }
    const result = await saveRecordChange(tx, actor, {
      texts: {
        given: change.texts,
        current: current.texts,
        store,
        clean: cleanText,
        write: (languageId, text) => writeText(tx, id, languageId, text),
        setDefault: (next) => {
          set.title = next.title;
          set.description = next.description;
        },
      },
      before,
      after,
      current,
      update: () =>
        tx
          .update(products)
          .set({ ...set, version: sql`${products.version} + 1` })
          .where(eq(products.id, id)),
      read: async () => (await operatorProduct(tx, id)) as OperatorProduct,
      audit: { action: 'product.update', entity: 'product', entityId: id },
    });
    changed = result.changed;
    return result.record;
  });
  if (changed) catalogueChanged(db);
  return saved;
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
    const [locked] = await tx
      .select({ version: products.version, imgUrl: products.imgUrl })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (locked === undefined) return null;
    if (locked.version !== version) throw new ProductChangedError(locked.version);
    const url = imageUrl(await storeImage(tx, bytes, type));
    if (url === locked.imgUrl) return operatorProduct(tx, id);
    await tx
      .update(products)
      .set({ imgUrl: url, version: sql`${products.version} + 1` })
      .where(eq(products.id, id));
    await audit(tx, actor, {
      action: 'product.image',
      entity: 'product',
      entityId: id,
      before: { img_url: locked.imgUrl, version: locked.version },
      after: { img_url: url, version: locked.version + 1, type, size: bytes.length },
    });
    changed = true;
    return operatorProduct(tx, id);
  });
  if (changed) catalogueChanged(db);
  return saved;
}
