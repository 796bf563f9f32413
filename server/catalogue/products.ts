import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products, productTranslations } from '../db/schema';
import type { ContentLanguage } from './language';

const text = productTranslations;

export interface ProductQuery {
  page: number;
  perPage: number;
  category: string | undefined;
}

/**
 * One page of the active products in display order, in the language (default-language text
 * where a product has none), with the totals. A page past the end has no items.
 */
export async function productPage(db: Database, query: ProductQuery, language: ContentLanguage) {
  const where = and(
    eq(products.active, true),
    query.category === undefined ? undefined : eq(products.category, query.category),
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
            img_url: products.imgUrl,
            category: products.category,
          })
          .from(products)
          .leftJoin(text, and(eq(text.productId, products.id), eq(text.languageId, language.id)))
          .where(where)
          .orderBy(asc(products.position), asc(products.id))
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
