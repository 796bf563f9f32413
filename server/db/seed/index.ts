import { count } from 'drizzle-orm';
import { categoryTitleKey } from '../../catalogue/products';
import type { Database } from '../database';
import {
  countries,
  currencies,
  languages,
  products,
  productTranslations,
  settings,
  socialLinks,
  staticPages,
  staticPageTranslations,
  translations,
} from '../schema';
import { transaction } from '../statement';
import { countryRows } from './countries';
import { seedDelivery } from './delivery';
import { productImage, seedCategoryTitles, seedProducts } from './products';
import { seedCurrencies, seedLanguages, seedSettings, seedSocialLinks } from './reference-data';
import { seedStaticPages } from './static-pages';
import { seedTranslations } from './translations';

export { defaultCataloguesDir, seedTranslations } from './translations';

export interface SeedOptions {
  /** Folder of `<language code>.json` message catalogues (default: ./catalogues next to the seed). */
  cataloguesDir?: string | undefined;
}

const defaultLanguage = seedLanguages[0].code;
const otherLanguages = seedLanguages.filter((language) => language.code !== defaultLanguage);

/**
 * Inserts the demo store. Only missing rows are added (keyed by code, iso, slug, title or
 * setting key), so running it again, or on several nodes at once, changes nothing and never
 * overwrites what an operator edited.
 */
export async function seed(db: Database, options: SeedOptions = {}): Promise<void> {
  await transaction(db, async (tx) => {
    await tx
      .insert(languages)
      .values([...seedLanguages])
      .onConflictDoNothing();
    await tx.insert(currencies).values(seedCurrencies).onConflictDoNothing();
    await tx
      .insert(countries)
      .values(countryRows(seedLanguages.map((language) => language.code)))
      .onConflictDoNothing();
    await tx
      .insert(settings)
      .values(Object.entries(seedSettings).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();
    await tx
      .insert(socialLinks)
      .values(seedSocialLinks.map((link, position) => ({ ...link, position })))
      .onConflictDoNothing();

    const languageIds = new Map((await tx.select().from(languages)).map((row) => [row.code, row.id]));

    await tx
      .insert(staticPages)
      .values(
        seedStaticPages.map((page, position) => ({
          slug: page.slug,
          isTerms: page.isTerms,
          isPrivacy: page.isPrivacy,
          position,
          ...page.text[defaultLanguage],
        })),
      )
      .onConflictDoNothing();
    const pageIds = new Map((await tx.select().from(staticPages)).map((row) => [row.slug, row.id]));
    const pageTexts = seedStaticPages.flatMap((page) =>
      otherLanguages.flatMap(({ code }) => {
        const pageId = pageIds.get(page.slug);
        const languageId = languageIds.get(code);
        return pageId === undefined || languageId === undefined
          ? []
          : [{ pageId, languageId, ...page.text[code] }];
      }),
    );
    if (pageTexts.length > 0) await tx.insert(staticPageTranslations).values(pageTexts).onConflictDoNothing();

    await tx
      .insert(products)
      .values(
        seedProducts.map((product, position) => ({
          slug: product.slug,
          category: product.category,
          priceMinor: product.priceMinor,
          maxPerOrder: product.maxPerOrder ?? null,
          maxPerCustomer: product.maxPerCustomer ?? null,
          imgUrl: productImage(product.slug),
          position,
          ...product.text[defaultLanguage],
        })),
      )
      .onConflictDoNothing();
    const productIds = new Map((await tx.select().from(products)).map((row) => [row.slug, row.id]));
    const productTexts = seedProducts.flatMap((product) =>
      otherLanguages.flatMap(({ code }) => {
        const productId = productIds.get(product.slug);
        const languageId = languageIds.get(code);
        return productId === undefined || languageId === undefined
          ? []
          : [{ productId, languageId, ...product.text[code] }];
      }),
    );
    if (productTexts.length > 0)
      await tx.insert(productTranslations).values(productTexts).onConflictDoNothing();

    const categoryTitles = Object.entries(seedCategoryTitles).flatMap(([slug, titles]) =>
      seedLanguages.flatMap(({ code }) => {
        const languageId = languageIds.get(code);
        return languageId === undefined
          ? []
          : [{ languageId, key: categoryTitleKey(slug), value: titles[code] }];
      }),
    );
    await tx.insert(translations).values(categoryTitles).onConflictDoNothing();
    await seedDelivery(tx);

    await seedTranslations(tx, options.cataloguesDir);
  });
}

/**
 * Start-up seeding: the whole demo store when the database has no languages yet (first start);
 * otherwise only message keys that are new in the shipped catalogues.
 * Returns true when the full seed ran.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  const [row] = await db.select({ languages: count() }).from(languages);
  if ((row?.languages ?? 0) === 0) {
    await seed(db, options);
    return true;
  }
  await seedTranslations(db, options.cataloguesDir);
  return false;
}
