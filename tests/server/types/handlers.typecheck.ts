/**
 * Type-level tests of server/handlers/types.ts, checked by `npm run typecheck` (never run): each
 * `@ts-expect-error` fails the typecheck when the error it expects goes away, so a handler can
 * neither drop a field the contract's answer requires nor read a field the contract does not send.
 */
import type { ContractHandler, ContractHandlers, HandlersOf } from '../../../server/handlers/types';

/** A reply that drops `emailVerified`, which the contract's `AuthCheckResponse` requires. */
export const dropsARequiredField: ContractHandler<'checkAuth'> = async () =>
  // @ts-expect-error emailVerified is missing
  ({ status: 'OK', authenticated: true });

/** The complete reply compiles. */
export const answersTheContract: ContractHandler<'checkAuth'> = async () => ({
  status: 'OK',
  authenticated: true,
  emailVerified: false,
});

/** A reply with a status the contract does not allow. */
export const wrongStatus: ContractHandler<'logout'> = async () =>
  // @ts-expect-error status is 'OK' in the contract
  ({ status: 'DONE', message: 'Logged out' });

/** A nested required field: a cart line without its item. */
// @ts-expect-error item is missing
export const dropsANestedField: ContractHandler<'getCart'> = async () => ({
  status: 'OK',
  cart: [{ id: 1, item_id: 2, count: 1 }],
});

/** The body, query and path parameters are the contract's, without casts. */
export const readsTheRequest: HandlersOf<'addToCart' | 'getStaticPage' | 'listProducts'> = {
  addToCart: async (request) => {
    const count: number = request.body.count;
    // @ts-expect-error AddToCartRequest has no `quantity`
    void request.body.quantity;
    return { status: 'OK', cart: [], message: String(count) };
  },
  getStaticPage: async (request, reply) => {
    const slug: string = request.params.idOrSlug;
    // @ts-expect-error the path parameter is idOrSlug
    void request.params.slug;
    return reply.send(slug);
  },
  listProducts: async (request, reply) => {
    const page: number | undefined = request.query.page;
    // @ts-expect-error the query of listProducts has no `order`
    void request.query.order;
    return reply.send(page);
  },
};

/** A map of every operation must have every handler. */
// @ts-expect-error most operations have no handler here
export const incomplete: ContractHandlers = { checkAuth: answersTheContract };
