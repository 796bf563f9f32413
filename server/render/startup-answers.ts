import type { FastifyBaseLogger } from 'fastify';
import { MAX_QUERY_LENGTH, PRODUCT_SORTS } from '../../domain/shop';
import { catalogueGeneration } from '../catalogue/catalogue-changes';
import { beyondCodeDefaults } from '../catalogue/code-defaults';
import { localizationsAs } from '../catalogue/compiled-messages';
import { contentLanguage, LANGUAGES_TTL_MS } from '../catalogue/language';
import { type KeptRead, type KeptReads, keptRead, PerDatabaseCache } from '../catalogue/per-database-cache';
import { productCategories, productPage } from '../catalogue/products';
import { listCountries, listCurrencies, listLanguages, listSocialLinks } from '../catalogue/reference-data';
import { offeredSettings } from '../catalogue/settings';
import { currentSettingsIn } from '../catalogue/settings-cache';
import { findStaticPage, listStaticPages } from '../catalogue/static-pages';
import type { Database } from '../db/database';
import type { PageChoices } from './app-page';
import { RENDER_TTL_MS } from './render-cache';

const DEFAULT_PER_PAGE = 12;
/** The contract's limits of GET /products (openapi.yaml). */
const MAX_PAGE = 10_000;
const MAX_PER_PAGE = 60;

/** A positive whole number from a query parameter, or undefined. */
function positive(value: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === null || !/^[1-9]\d{0,8}$/.test(value)) return undefined;
  const number = Number(value);
  return number <= max ? number : undefined;
}

const ok = (payload: unknown) => ({ status: 'OK', payload });

/** How long an answer is given again to the next render that asks: as long as a render is kept (ADR 0041). */
export const ANSWER_TTL_MS = RENDER_TTL_MS;
/** Distinct answers kept at most (a shop search makes an answer distinct). */
const ANSWERS_KEPT = 256;

/**
 * The API's answers to the GET requests a signed-out visitor's first screen makes, in the
 * language its `lang_id` names (the default one without), from the same queries as the catalogue
 * handlers (server/handlers/catalogue.ts), in-process. Anything else answers undefined (the render
 * sees a 404). Each answer is given again for ANSWER_TTL_MS: the pages of the shop each render
 * with the same languages, settings and translations, which need not be read again for each. An
 * operator's change on this node is answered at once (catalogueGeneration).
 */
export function startupAnswers(db: Database, log: FastifyBaseLogger, takesCards: boolean) {
  const read = freshAnswers(db, log, takesCards);
  const kept = newestKept<unknown>(ANSWERS_KEPT);
  return (path: string, query: URLSearchParams): Promise<unknown> => {
    const key = `${catalogueGeneration(db)}\u0000${path}?${[...query].sort().join('&')}`;
    return keptRead(kept, key, ANSWER_TTL_MS, () => read(path, query));
  };
}

/** Reads kept by key, at most `max`: a read kept anew counts as the newest, and the oldest goes. */
function newestKept<T>(max: number): KeptReads<string, T> {
  const reads = new Map<string, KeptRead<T>>();
  return {
    get: (key) => reads.get(key),
    delete: (key) => reads.delete(key),
    set: (key, read) => {
      reads.delete(key);
      reads.set(key, read);
      if (reads.size > max) reads.delete(reads.keys().next().value as string);
    },
  };
}

function freshAnswers(db: Database, log: FastifyBaseLogger, takesCards: boolean) {
  return async (path: string, query: URLSearchParams): Promise<unknown> => {
    const language = () => contentLanguage(db, positive(query.get('lang_id')));
    switch (path) {
      case '/settings':
        return ok(
          offeredSettings(
            await currentSettingsIn(db, await language(), (key, value) =>
              log.warn({ key, value }, 'setting has the wrong shape; its default is used'),
            ),
            takesCards,
          ),
        );
      case '/languages':
        return ok(await listLanguages(db));
      case '/localizations': {
        const id = positive(query.get('lang_id'));
        const format = query.get('format') === 'ast' ? 'ast' : undefined;
        if (id === undefined) return undefined;
        const { code } = await contentLanguage(db, id);
        // What the build's own texts say is left out of the page (ADR 0056).
        const payload = await localizationsAs(db, id, format, log, (all) => beyondCodeDefaults(code, all));
        return payload === null ? undefined : ok(payload);
      }
      case '/currencies':
        return ok(await listCurrencies(db));
      case '/countries':
        return ok(await listCountries(db, await language()));
      case '/social-links':
        return ok(await listSocialLinks(db));
      case '/static-pages':
        return ok(await listStaticPages(db, await language()));
      case '/products/categories':
        return ok(await productCategories(db, await language()));
      case '/products': {
        const page = positive(query.get('page'), MAX_PAGE) ?? 1;
        const perPage = positive(query.get('per_page'), MAX_PER_PAGE) ?? DEFAULT_PER_PAGE;
        const category = query.get('category') ?? undefined;
        const q = query.get('q') ?? undefined;
        const sort = PRODUCT_SORTS.find((known) => known === (query.get('sort') ?? 'position'));
        // What the API refuses (a 422) the render answers as nothing too.
        if (sort === undefined || (q?.length ?? 0) > MAX_QUERY_LENGTH) return undefined;
        return ok(await productPage(db, { page, perPage, category, q, sort }, await language()));
      }
      default: {
        const slug = /^\/static-pages\/([^/]+)$/.exec(path)?.[1];
        if (slug === undefined) return undefined;
        const found = await findStaticPage(db, decodeURIComponent(slug), await language());
        return found === null ? undefined : ok(found);
      }
    }
  };
}

/** The offered currencies' codes, the default first (as GET /currencies lists them). */
const currencyCodes = new PerDatabaseCache<string[]>(LANGUAGES_TTL_MS);

/** A visitor's cookies as the request carries them (domain/page-cookies.ts). */
export interface PageCookies {
  consent: string | undefined;
  languageId: string | undefined;
  currencyCode: string | undefined;
}

/**
 * The choices a page is rendered with, from the visitor's cookies: each kept only where it
 * changes the page (a language listed and not the default, a currency offered and not the
 * default, a consent that hides the banner), else the default. Every distinct value is a render
 * of its own (server/render/render-cache.ts), so a made-up cookie must not make one.
 */
export function visitorChoices(db: Database) {
  return async (cookies: PageCookies): Promise<PageChoices> => {
    const wanted = positive(cookies.languageId ?? null);
    const [language, fallback, codes] = await Promise.all([
      contentLanguage(db, wanted),
      contentLanguage(db, undefined),
      currencyCodes.get(db, async () => (await listCurrencies(db)).map((currency) => currency.code)),
    ]);
    const currency = cookies.currencyCode;
    return {
      cookieConsent: cookies.consent === 'true' ? 'true' : undefined,
      languageId: language.id === wanted && language.id !== fallback.id ? language.id : null,
      currencyCode: currency !== undefined && codes.indexOf(currency) > 0 ? currency : null,
    };
  };
}
