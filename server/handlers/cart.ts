import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/authenticate';
import { contentLanguage } from '../catalogue/language';
import { fieldErrors, HttpError } from '../http/errors';
import { requestedLangId } from '../i18n/locale';
import { t } from '../i18n/messages';
import {
  addToCart,
  clearCart,
  LineLimitError,
  ProductLimitError,
  ProductUnavailableError,
  readCartLines,
  removeCartLine,
  setCartLineCount,
  toCartItems,
} from '../ledger/cart';
import type { ContractHandlers, ReplyBody } from './types';

/** The language of product titles: the request's `lang_id` (query or body), else the default. */
export async function titleLanguageId(request: FastifyRequest): Promise<number> {
  const language = await contentLanguage(request.server.ctx.db, requestedLangId(request.query, request.body));
  return language.id;
}

async function cartResponse(request: FastifyRequest, userId: number): Promise<ReplyBody<'getCart'>> {
  const lines = await readCartLines(request.server.ctx.db, userId, await titleLanguageId(request));
  return { status: 'OK', cart: toCartItems(lines) };
}

/** A line over its limit as a 422 at `count`; any other error as it is. */
function limitRefusal(request: FastifyRequest, error: unknown): unknown {
  if (error instanceof LineLimitError) {
    return fieldErrors({ count: [t(request.locale, 'cart.lineLimit', { max: error.max })] });
  }
  if (error instanceof ProductLimitError) {
    const key = error.per === 'order' ? 'cart.orderLimit' : 'cart.purchaseLimit';
    return fieldErrors({ count: [t(request.locale, key, { limit: error.limit })] });
  }
  return error;
}

export const cartHandlers = {
  getCart: async (request) => cartResponse(request, requireAuth(request).user.id),

  addToCart: async (request) => {
    const { user } = requireAuth(request);
    const { id, count } = request.body;
    try {
      const lines = await addToCart(
        request.server.ctx.db,
        user.id,
        id,
        count,
        await titleLanguageId(request),
      );
      return { status: 'OK', cart: toCartItems(lines) };
    } catch (error) {
      if (error instanceof ProductUnavailableError) {
        throw new HttpError(404, t(request.locale, 'cart.productUnavailable'));
      }
      throw limitRefusal(request, error);
    }
  },

  removeFromCart: async (request) => {
    const { user } = requireAuth(request);
    const { id } = request.body;
    if (!(await removeCartLine(request.server.ctx.db, user.id, id))) {
      throw new HttpError(404, t(request.locale, 'cart.lineNotFound'));
    }
    return cartResponse(request, user.id);
  },

  setCartLineCount: async (request) => {
    const { user } = requireAuth(request);
    const { id, count } = request.body as { id: number; count: number };
    let found: boolean;
    try {
      found = await setCartLineCount(request.server.ctx.db, user.id, id, count);
    } catch (error) {
      throw limitRefusal(request, error);
    }
    if (!found) throw new HttpError(404, t(request.locale, 'cart.lineNotFound'));
    return cartResponse(request, user.id);
  },

  clearCart: async (request) => {
    const { user } = requireAuth(request);
    await clearCart(request.server.ctx.db, user.id);
    return cartResponse(request, user.id);
  },
} satisfies Partial<ContractHandlers>;
