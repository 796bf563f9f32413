import type { components } from './contract';

export type ProductSort = components['schemas']['ProductSort'];

/** The shop's orders (openapi.yaml `ProductSort`), the default (the operator's order) first. */
export const PRODUCT_SORTS: readonly ProductSort[] = ['position', 'price_asc', 'price_desc', 'newest'];

/** The longest title search GET /products takes (its `q`). */
export const MAX_QUERY_LENGTH = 100;
