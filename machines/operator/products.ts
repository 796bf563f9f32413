import { assign, fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { defineMessages, failureText, type Text } from '../text';

export type OperatorProduct = components['schemas']['OperatorProduct'];

/** A product's title in `language`, else in the first language it has, else its slug. */
export function productTitle(product: Pick<OperatorProduct, 'texts' | 'slug'>, language: string): string {
  return product.texts[language]?.title ?? Object.values(product.texts)[0]?.title ?? product.slug;
}

export const productsMessages = defineMessages({
  failed: { id: 'operator.products.failed', defaultMessage: 'The products could not be loaded.' },
});

export interface ProductsContext {
  products: OperatorProduct[];
  error: Text | null;
}

export const operatorProductsMachine = setup({
  types: {
    context: {} as ProductsContext,
    events: {} as { type: 'RETRY' },
  },
  actors: {
    /** GET /operator/products: the whole catalogue, hidden products too, in the shop's order. */
    fetchProducts: fromPromise<OperatorProduct[]>(async () => {
      throw new Error('fetchProducts is not provided');
    }),
  },
  guards: {
    none: ({ event }) => 'output' in event && (event.output as OperatorProduct[]).length === 0,
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
}).createMachine({
  id: 'operatorProducts',
  description: [
    "The operator's catalogue (/operator/products): loads every product, hidden ones too, in the shop's order",
    "(loading), then lists them (filled) or says there are none (empty). A failed load shows the server's or",
    "client's message or 'The products could not be loaded.' and RETRY loads again; a cancelled request",
    '(leaving) shows nothing.',
  ].join(' '),
  context: { products: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchProducts',
        src: 'fetchProducts',
        onDone: [
          { guard: 'none', target: 'empty' },
          { target: 'filled', actions: assign({ products: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'silent', target: 'error' },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => failureText(event.error, productsMessages.failed) }),
          },
        ],
      },
    },
    empty: {},
    filled: {},
    error: { on: { RETRY: 'loading' } },
  },
});
