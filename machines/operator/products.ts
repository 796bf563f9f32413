import type { components } from '../../domain/contract';
import { defineMessages } from '../text';
import { loadedListMachine } from './loadedList';

export type OperatorProduct = components['schemas']['OperatorProduct'];

/** A product's title in `language`, else in the first language it has, else its slug. */
export const productsMessages = defineMessages({
  failed: { id: 'operator.products.failed', defaultMessage: 'The products could not be loaded.' },
});

export const operatorProductsMachine = loadedListMachine<OperatorProduct, 'products'>({
  id: 'operatorProducts',
  description: [
    "The operator's catalogue (/operator/products): loads every product, hidden ones too, in the shop's order",
    "(loading), then lists them (filled) or says there are none (empty). A failed load shows the server's or",
    "client's message or 'The products could not be loaded.' and RETRY loads again; a cancelled request",
    '(leaving) shows nothing.',
  ].join(' '),
  /** GET /operator/products: the whole catalogue, hidden products too, in the shop's order. */
  load: 'fetchProducts',
  rows: 'products',
  failed: productsMessages.failed,
  empty: true,
});
