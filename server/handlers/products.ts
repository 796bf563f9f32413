import type { FastifyRequest } from 'fastify';
import { PRICE_MAX_MINOR } from '../../domain/money';
import { formatCoins } from '../../domain/money-text';
import { contentLanguage } from '../catalogue/language';
import { readImage } from '../catalogue/product-images';
import { categoriesInUse } from '../catalogue/products';
import { currentSettings } from '../catalogue/settings-cache';
import { requireOperator } from '../delivery/authenticate';
import { fieldErrors, HttpError } from '../http/errors';
import { type MessageKey, t } from '../i18n/messages';
import {
  createProduct,
  ImageTooLargeError,
  listOperatorProducts,
  NotAnImageError,
  operatorProduct,
  type ProductProblem,
  setProductImage,
  updateProduct,
} from '../operator/products';
import { FieldsRefusedError, VersionChangedError } from '../operator/refusals';
import type { ContractHandlers } from './types';

const PROBLEM_TEXT: Record<Exclude<ProductProblem, 'tooLarge'>, MessageKey> = {
  notWhole: 'product.priceNotWhole',
  notPositive: 'product.priceNotPositive',
  unknownLanguage: 'product.unknownLanguage',
  defaultTextRequired: 'product.defaultTextRequired',
  defaultTextNotRemovable: 'product.defaultTextNotRemovable',
  slugTaken: 'product.slugTaken',
  notAbovePrice: 'product.compareAtNotAbove',
};

/** A refusal of the catalogue's rules as the contract's field errors, in the request's language. */
async function refusal(request: FastifyRequest, error: unknown): Promise<unknown> {
  if (error instanceof VersionChangedError) {
    return new HttpError(409, t(request.locale, 'product.changedMeanwhile'));
  }
  if (!(error instanceof FieldsRefusedError)) return error;
  const { locale } = request;
  const entries = await Promise.all(
    Object.entries(error.problems as Record<string, ProductProblem>).map(
      async ([field, problem]): Promise<[string, string[]]> => {
        if (problem !== 'tooLarge') return [field, [t(locale, PROBLEM_TEXT[problem])]];
        const coin = (await currentSettings(request.server.ctx.db)).internal_currency.name;
        return [
          field,
          [t(locale, 'product.priceTooLarge', { max: formatCoins(PRICE_MAX_MINOR, locale, coin) })],
        ];
      },
    ),
  );
  return fieldErrors(Object.fromEntries(entries));
}

/** An image's name is its content's hash: what a URL shows never changes. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const notFound = (request: FastifyRequest) => new HttpError(404, t(request.locale, 'error.notFound'));

/** The operator's catalogue: products and the categories they use (docs/architecture.md §3b). */
export const operatorCatalogueHandlers = {
  listOperatorProducts: async (request) => {
    requireOperator(request);
    return { status: 'OK', payload: await listOperatorProducts(request.server.ctx.db) };
  },

  getOperatorProduct: async (request) => {
    requireOperator(request);
    const product = await operatorProduct(request.server.ctx.db, request.params.id);
    if (product === null) throw notFound(request);
    return { status: 'OK', payload: product };
  },

  createProduct: async (request, reply) => {
    const actor = requireOperator(request);
    try {
      const product = await createProduct(request.server.ctx.db, actor, request.body);
      reply.code(201);
      return { status: 'OK', payload: product };
    } catch (error) {
      throw await refusal(request, error);
    }
  },

  updateProduct: async (request) => {
    const actor = requireOperator(request);
    let product: Awaited<ReturnType<typeof updateProduct>>;
    try {
      product = await updateProduct(request.server.ctx.db, actor, request.params.id, request.body);
    } catch (error) {
      throw await refusal(request, error);
    }
    if (product === null) throw notFound(request);
    return { status: 'OK', payload: product };
  },

  setProductImage: async (request) => {
    const actor = requireOperator(request);
    // The contract types the file part as a string; the body guard gives its bytes (server/http/body.ts).
    const { version, file } = request.body as unknown as { version: number; file: Buffer };
    let product: Awaited<ReturnType<typeof setProductImage>>;
    try {
      product = await setProductImage(request.server.ctx.db, actor, request.params.id, version, file);
    } catch (error) {
      if (error instanceof ImageTooLargeError) throw new HttpError(413, t(request.locale, 'image.tooLarge'));
      if (error instanceof NotAnImageError)
        throw fieldErrors({ file: [t(request.locale, 'image.notAnImage')] });
      throw await refusal(request, error);
    }
    if (product === null) throw notFound(request);
    return { status: 'OK', payload: product };
  },

  getProductImage: async (request, reply) => {
    const { name } = request.params;
    const etag = `"${name}"`;
    const image = await readImage(request.server.ctx.db, name);
    if (image === null) throw notFound(request);
    reply.header('etag', etag).header('cache-control', IMAGE_CACHE_CONTROL);
    const held = request.headers['if-none-match'];
    if (held?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    return reply.type(image.type).send(image.bytes);
  },

  listOperatorCategories: async (request) => {
    requireOperator(request);
    const { db } = request.server.ctx;
    return {
      status: 'OK',
      payload: await categoriesInUse(db, await contentLanguage(db, request.query.lang_id)),
    };
  },
} satisfies Partial<ContractHandlers>;
