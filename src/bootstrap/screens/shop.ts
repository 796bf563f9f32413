import { fromPromise } from 'xstate';
import {
  type ProductCategory,
  type ProductPage,
  type ProductQuery,
  shopMachine,
} from '../../../machines/shop';
import { type ApiClient, call } from '../../api';

export const shopScreens = {
  /** GET /products: one page of the shop. */
  shop: (api: ApiClient) =>
    shopMachine.provide({
      actors: {
        fetchProducts: fromPromise<ProductPage, ProductQuery>(async ({ input, signal }) => {
          const query = {
            page: input.page,
            per_page: input.perPage,
            ...(input.category === undefined ? {} : { category: input.category }),
            ...(input.q === undefined ? {} : { q: input.q }),
            ...(input.sort === undefined ? {} : { sort: input.sort }),
          };
          return (await call(api.GET('/products', { params: { query }, signal }))).payload;
        }),
        /** GET /products/categories: the category filter's choices. */
        fetchCategories: fromPromise<ProductCategory[]>(
          async ({ signal }) => (await call(api.GET('/products/categories', { signal }))).payload,
        ),
      },
    }),
};
