import type { FastifyRequest } from 'fastify';
import { contentLanguage } from '../catalogue/language';
import { productPage } from '../catalogue/products';
import {
  listCountries,
  listCurrencies,
  listLanguages,
  listSocialLinks,
  localizations,
} from '../catalogue/reference-data';
import { currentSettings } from '../catalogue/settings-cache';
import { findStaticPage, listStaticPages } from '../catalogue/static-pages';
import { HttpError } from '../http/errors';
import { t } from '../i18n/messages';
import type { Handlers } from './types';

interface LangQuery {
  lang_id?: number;
}

interface ProductsQuery extends LangQuery {
  page?: number;
  per_page?: number;
  category?: string;
}

const DEFAULT_PER_PAGE = 12;

function langId(request: FastifyRequest): number | undefined {
  return (request.query as LangQuery).lang_id;
}

function languageOf(request: FastifyRequest) {
  return contentLanguage(request.server.ctx.db, langId(request));
}

function notFound(request: FastifyRequest): HttpError {
  return new HttpError(404, t(request.locale, 'error.notFound'));
}

export const catalogueHandlers: Handlers = {
  getSettings: async (request) => {
    const payload = await currentSettings(request.server.ctx.db, (key, value) =>
      request.log.warn({ key, value }, 'setting has the wrong shape; its default is used'),
    );
    return { status: 'OK', payload };
  },

  listLanguages: async (request) => ({ status: 'OK', payload: await listLanguages(request.server.ctx.db) }),

  getLocalizations: async (request) => {
    const id = langId(request);
    const payload = id === undefined ? null : await localizations(request.server.ctx.db, id);
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
    const { idOrSlug } = request.params as { idOrSlug: string };
    const page = await findStaticPage(request.server.ctx.db, idOrSlug, await languageOf(request));
    if (page === null) throw notFound(request);
    return { status: 'OK', payload: page };
  },

  listProducts: async (request) => {
    const query = request.query as ProductsQuery;
    const payload = await productPage(
      request.server.ctx.db,
      { page: query.page ?? 1, perPage: query.per_page ?? DEFAULT_PER_PAGE, category: query.category },
      await languageOf(request),
    );
    return { status: 'OK', payload };
  },
};
