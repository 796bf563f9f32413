import { operatorProductsMachine } from '../../../../machines/operator/products';
import type { ApiClient } from '../../../api';
import { answering } from './requests';

/** /operator/products: the catalogue's list. */
export const productsScreens = {
  /** GET /operator/products. */
  operatorProducts: (api: ApiClient) =>
    operatorProductsMachine.provide({
      actors: { fetchProducts: answering((_, signal) => api.GET('/operator/products', { signal })) },
    }),
};
