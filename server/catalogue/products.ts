import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProductSort } from '../../domain/shop';
import type { Database } from '../db/database';
import { containing } from '../db/like';
import { languages, products, productTranslations, translations } from '../db/schema';
import type { ContentLanguage } from './language';

const text = productTranslations;

export interface ProductQuery {
  page: number;
  perPage: number;
  category: string | undefined;
  /** Part of a title in any language; blank: every product. */
  q?: string | undefined;
  sort?: ProductSort | undefined;
}

const ORDER: Record<ProductSort, SQL[]> = {
  position: [asc(products.position), asc(products.id)],
  price_asc: [asc(products.priceMinor), asc(products.position), asc(products.id)],
  price_desc: [desc(products.priceMinor), asc(products.position), asc(products.id)],
  // Products have no created time: a later id is a newer product.
  newest: [desc(products.id)],
};

/** Products whose default title or any translation's title contains `q`, ignoring case. */
function titleContains(q: string): SQL {
  const pattern = containing(q);
  return sql`(${products.title} ilike ${pattern} or exists (select 1 from ${productTranslations} pt
    where pt.product_id = ${products.id} and pt.title ilike ${pattern}))`;
}

/**
 * One page of the active products in the order `sort` (display order by default), in the
 * language (default-language text where a product has none), with the totals. A page past the
 * end has no items.
 */
export async function productPage(db: Database, query: ProductQuery, language: ContentLanguage) {
  const q = query.q?.trim();
  const where = and(
    eq(products.active, true),
    query.category === undefined ? undefined : eq(products.category, query.category),
    q ? titleContains(q) : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(products).where(where);
  const total = counted?.total ?? 0;
  const offset = (query.page - 1) * query.perPage;
  const rows =
    offset >= total
      ? []
      : await db
          .select({
            id: products.id,
            slug: products.slug,
            title: sql<string>`coalesce(${text.title}, ${products.title})`,
            description: sql<string>`coalesce(${text.description}, ${products.description})`,
            price: products.priceMinor,
            compare_at_price: products.compareAtPriceMinor,
            img_url: products.imgUrl,
            category: products.category,
            max_per_order: products.maxPerOrder,
            max_per_customer: products.maxPerCustomer,
          })
          .from(products)
          .leftJoin(text, and(eq(text.productId, products.id), eq(text.languageId, language.id)))
          .where(where)
          .orderBy(...ORDER[query.sort ?? 'position'])
          .limit(query.perPage)
          .offset(offset);
  return {
    items: rows,
    page: query.page,
    per_page: query.perPage,
    total,
    total_pages: Math.ceil(total / query.perPage),
  };
}

/** Where a category's title lives: the `translations` row `category.<slug>` of each language. */
const CATEGORY_TITLE_PREFIX = 'category.';
export const categoryTitleKey = (slug: string) => `${CATEGORY_TITLE_PREFIX}${slug}`;

const asked = alias(translations, 'asked_title');
const fallback = alias(translations, 'default_title');

/**
 * The categories that have an active product, in the order of their first product, titled in
 * the language (then the default language's title, then the slug), with their product counts.
 */
export async function productCategories(db: Database, language: ContentLanguage) {
  const key = sql`${CATEGORY_TITLE_PREFIX} || ${products.category}`;
  const rows = await db
    .select({
      slug: products.category,
      title: sql<string>`coalesce(${asked.value}, ${fallback.value}, ${products.category})`,
      count: count(),
    })
    .from(products)
    .leftJoin(asked, and(eq(asked.languageId, language.id), eq(asked.key, key)))
    .leftJoin(languages, eq(languages.isDefault, true))
    .leftJoin(fallback, and(eq(fallback.languageId, languages.id), eq(fallback.key, key)))
    .where(eq(products.active, true))
    .groupBy(products.category, asked.value, fallback.value)
    .orderBy(sql`min(${products.position})`, asc(products.category));
  return rows.map(({ slug, title, count }) => ({ slug, title, count }));
}

/**
 * Every category in use, hidden products included, for the operator: in the order of its first
 * product, titled as in `productCategories`, with its product and active product counts.
 */
export async function categoriesInUse(db: Database, language: ContentLanguage) {
  const key = sql`${CATEGORY_TITLE_PREFIX} || ${products.category}`;
  const rows = await db
    .select({
      slug: products.category,
      title: sql<string>`coalesce(${asked.value}, ${fallback.value}, ${products.category})`,
      products: count(),
      active: sql<number>`(count(*) filter (where ${products.active}))::int`,
    })
    .from(products)
    .leftJoin(asked, and(eq(asked.languageId, language.id), eq(asked.key, key)))
    .leftJoin(languages, eq(languages.isDefault, true))
    .leftJoin(fallback, and(eq(fallback.languageId, languages.id), eq(fallback.key, key)))
    .groupBy(products.category, asked.value, fallback.value)
    .orderBy(sql`min(${products.position})`, asc(products.category));
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    products: row.products,
    active_products: Number(row.active),
  }));
}
