import { fromPromise } from 'xstate';
import { type OperatorProduct, operatorProductsMachine } from '../../../../machines/operator/products';
import type { ApiClient } from '../../../api';
import { payloadOf } from './requests';

/** /operator/products: the catalogue's list. */
export const productsScreens = {
  /** GET /operator/products. */
  operatorProducts: (api: ApiClient) =>
    operatorProductsMachine.provide({
      actors: {
        fetchProducts: fromPromise<OperatorProduct[]>(async ({ signal }) =>
          payloadOf(api.GET('/operator/products', { signal })),
        ),
      },
    }),
};
