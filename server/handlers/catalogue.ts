import type { FastifyRequest } from 'fastify';
import { localizationsAs } from '../catalogue/compiled-messages';
import { contentLanguage } from '../catalogue/language';
import { productCategories, productPage } from '../catalogue/products';
import { listCountries, listCurrencies, listLanguages, listSocialLinks } from '../catalogue/reference-data';
import { offeredSettings } from '../catalogue/settings';
import { currentSettingsIn } from '../catalogue/settings-cache';
import { findStaticPage, listStaticPages } from '../catalogue/static-pages';
import { HttpError } from '../http/errors';
import { t } from '../i18n/messages';
import type { ContractHandlers, ContractRequest } from './types';

/** The operations whose `lang_id` chooses the language of the content. */
type ContentRequest = ContractRequest<
  | 'getLocalizations'
  | 'listCountries'
  | 'listStaticPages'
  | 'getStaticPage'
  | 'listProducts'
  | 'listProductCategories'
>;

const DEFAULT_PER_PAGE = 12;

function languageOf(request: ContentRequest) {
  return contentLanguage(request.server.ctx.db, request.query.lang_id);
}

function notFound(request: FastifyRequest): HttpError {
  return new HttpError(404, t(request.locale, 'error.notFound'));
}

export const catalogueHandlers = {
  getSettings: async (request) => {
    const { db } = request.server.ctx;
    const language = await contentLanguage(db, request.query.lang_id);
    const stored = await currentSettingsIn(db, language, (key, value) =>
      request.log.warn({ key, value }, 'setting has the wrong shape; its default is used'),
    );
    const payload = offeredSettings(stored, request.server.ctx.config.payment.provider !== 'none');
    return { status: 'OK', payload };
  },

  listLanguages: async (request) => ({ status: 'OK', payload: await listLanguages(request.server.ctx.db) }),

  getLocalizations: async (request) => {
    const id = request.query.lang_id;
    const payload =
      id === undefined
        ? null
        : await localizationsAs(request.server.ctx.db, id, request.query.format, request.log);
    if (payload === null) throw notFound(request);
    return { status: 'OK', payload };
  },

  listCurrencies: async (request) => ({ status: 'OK', payload: await listCurrencies(request.server.ctx.db) }),

  listCountries: async (request) => ({
    status: 'OK',
    payload: await listCountries(request.server.ctx.db, await languageOf(request)),
  }),

  listSocialLinks: async (request) => ({
    status: 'OK',
    payload: await listSocialLinks(request.server.ctx.db),
  }),

  listStaticPages: async (request) => ({
    status: 'OK',
    payload: await listStaticPages(request.server.ctx.db, await languageOf(request)),
  }),

  getStaticPage: async (request) => {
    const { idOrSlug } = request.params;
    const page = await findStaticPage(request.server.ctx.db, idOrSlug, await languageOf(request));
    if (page === null) throw notFound(request);
    return { status: 'OK', payload: page };
  },

  listProducts: async (request) => {
    const { query } = request;
    const payload = await productPage(
      request.server.ctx.db,
      {
        page: query.page ?? 1,
        perPage: query.per_page ?? DEFAULT_PER_PAGE,
        category: query.category,
        q: query.q,
        sort: query.sort,
      },
      await languageOf(request),
    );
    return { status: 'OK', payload };
  },

  listProductCategories: async (request) => ({
    status: 'OK',
    payload: await productCategories(request.server.ctx.db, await languageOf(request)),
  }),
} satisfies Partial<ContractHandlers>;
