import { isLineCount } from '../../domain/cart';
import { MAX_QUERY_LENGTH, PRODUCT_SORTS, type ProductSort } from '../../domain/shop';

/**
 * The shop's query, checked by hand for the same reason as the auth screens' (see auth-search.ts):
 * route modules load with the first page, and zod does not fit its budget. Every key is spelled
 * out, undefined when absent or unusable, since the router merges the raw query under this one.
 */
export interface ShopSearch {
  /** The page of products, 1-based; absent means the first. */
  page?: number | undefined;
  category?: string | undefined;
  /** The title search; absent or blank: every product. */
  q?: string | undefined;
  /** The order; absent: the operator's (`position`). */
  sort?: ProductSort | undefined;
  /** The product whose details dialog is open. */
  product?: number | undefined;
  /** A product a guest chose before signing in, added once back here signed in. */
  add?: number | undefined;
  /** How many of `add` the guest chose (1–99); absent means 1. */
  count?: number | undefined;
}

const CATEGORY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_PAGE = 10000;

export function validateShopSearch(search: Record<string, unknown>): ShopSearch {
  const page = positiveInteger(search.page);
  const category =
    typeof search.category === 'string' && CATEGORY.test(search.category) ? search.category : undefined;
  return {
    page: page !== undefined && page > 1 && page <= MAX_PAGE ? page : undefined,
    category: category !== undefined && category.length <= 40 ? category : undefined,
    q: searchText(search.q),
    sort: PRODUCT_SORTS.find((sort) => sort !== 'position' && sort === search.sort),
    product: positiveInteger(search.product),
    add: positiveInteger(search.add),
    count: lineCount(search.count),
  };
}

/** A search as the API takes it: trimmed, at most its length; blank: none. */
function searchText(value: unknown): string | undefined {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  return text === '' ? undefined : text.slice(0, MAX_QUERY_LENGTH);
}

function lineCount(value: unknown): number | undefined {
  const count = positiveInteger(value);
  return count !== undefined && isLineCount(count) ? count : undefined;
}

function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}
