import {
  type AnyEventObject,
  assign,
  emit,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  spawnChild,
} from 'xstate';
import type { components } from '../domain/contract';
import { MAX_QUERY_LENGTH, PRODUCT_SORTS, type ProductSort } from '../domain/shop';
import type { CartEvent } from './cart';
import type { PrefillEvent } from './forms/prefill';
import { defineMessages, failureText, type Text } from './text';

export type Product = components['schemas']['Product'];
export type ProductPage = components['schemas']['ProductPage'];
export type ProductCategory = components['schemas']['ProductCategoryEntry'];
export type { ProductSort };
export { PRODUCT_SORTS };

/** Products on one page of the shop: two rows of four on a wide screen. */
export const SHOP_PAGE_SIZE = 8;

export const shopMessages = defineMessages({
  loadFailed: { id: 'shop.error.load', defaultMessage: 'Failed to load products' },
});

export interface ShopInput {
  /** The `page` search value, 1-based. */
  page: number;
  category?: string | undefined;
  /** The title search (`q` search value); absent: every product. */
  q?: string | undefined;
  /** The order (`sort` search value); absent: the operator's (`position`). */
  sort?: ProductSort | undefined;
  /** A product a guest chose before signing in (`add` search value): added once signed in. */
  add?: number | undefined;
  /** How many of it (`count` search value, 1–99); absent means 1. */
  count?: number | undefined;
  /** Whether the session counted as signed in when the page was entered. */
  signedIn?: boolean;
}

export interface ShopContext {
  page: number;
  category: string | undefined;
  q: string | undefined;
  sort: ProductSort | undefined;
  /** What the search field holds: sent with SEARCH, not per key. */
  draft: string;
  /** The filter's choices as the server titles them; null until it answers, [] when it cannot. */
  categories: ProductCategory[] | null;
  products: Product[];
  totalPages: number;
  error: Text | null;
  /** The guest's choice from before signing in (or up), added once on entering signed in. */
  addAfterSignIn: { productId: number; count: number } | undefined;
  signedIn: boolean;
}

export type ShopEvent =
  | { type: 'RETRY' }
  | { type: 'GO_TO_PAGE'; page: number }
  /** The category filter; undefined is 'All'. */
  | { type: 'CHOOSE_CATEGORY'; category: string | undefined }
  /** The search field's text changed; nothing is requested until SEARCH. */
  | { type: 'TYPE_QUERY'; text: string }
  /** The search form was submitted: the first page of what matches the typed text. */
  | { type: 'SEARCH' }
  /** Clear the search: every product again, in the same category and order. */
  | { type: 'CLEAR_SEARCH' }
  | { type: 'CHOOSE_SORT'; sort: ProductSort }
  /** What was typed and chosen in the server's form before the app took over (machines/forms/prefill.ts). */
  | PrefillEvent
  /** Add to cart from a card or the product dialog; `signedIn` is the session's state at the click. */
  | { type: 'ADD'; productId: number; count: number; signedIn: boolean }
  /** The app's language changed: the page's products and the categories again, titled in it. */
  | { type: 'RELOAD' };

export type ShopEmitted = { type: 'navigate'; to: string; replace?: boolean };

/** Where the shop is besides its page: the category, the search and the order. */
export interface ShopWhere {
  category?: string | undefined;
  q?: string | undefined;
  sort?: ProductSort | undefined;
}

/**
 * The shop's own address for a page (and category, search and order; the default order is not
 * spelled), as the router spells it.
 */
export function shopPath(
  page: number,
  where: string | ShopWhere = {},
  extra: Record<string, string> = {},
): string {
  const { category, q, sort } = typeof where === 'string' ? { category: where } : where;
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (category) query.set('category', category);
  if (q) query.set('q', q);
  if (sort && sort !== 'position') query.set('sort', sort);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const text = query.toString();
  return text === '' ? '/shop' : `/shop?${text}`;
}

/** What fetchProducts asks GET /products for. */
export interface ProductQuery extends ShopWhere {
  page: number;
  perPage: number;
}

const whereOf = (context: ShopContext): ShopWhere => ({
  category: context.category,
  q: context.q,
  sort: context.sort,
});

/** The typed search as the address carries it: trimmed, at most the API's length; blank: none. */
const searchOf = (draft: string): string | undefined => draft.trim().slice(0, MAX_QUERY_LENGTH) || undefined;

export const shopMachine = setup({
  types: {
    context: {} as ShopContext,
    input: {} as ShopInput,
    events: {} as ShopEvent,
    emitted: {} as ShopEmitted,
  },
  actors: {
    fetchProducts: fromPromise<ProductPage, ProductQuery>(async () => {
      throw new Error('fetchProducts is not provided');
    }),
    fetchCategories: fromPromise<ProductCategory[]>(async () => {
      throw new Error('fetchCategories is not provided');
    }),
  },
  actions: {
    storePage: assign((_, params: { page: ProductPage }) => ({
      products: params.page.items,
      totalPages: params.page.total_pages,
      error: null,
    })),
    storeCategories: assign((_, params: { categories: ProductCategory[] }) => ({
      categories: params.categories,
    })),
    reloadCategories: spawnChild('fetchCategories', { id: 'reloadCategories' }),
    storeError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error, shopMessages.loadFailed),
    })),
    addToCart: sendTo(
      ({ system }) => system.get('cart'),
      (_, params: { productId: number; count: number }) => ({
        type: 'ADD' as const,
        id: params.productId,
        count: params.count,
      }),
    ),
    /** A guest signs in first and comes back to this page, which then adds the product. */
    sendGuestToLogin: emit(({ context }, params: { productId: number; count: number }) => ({
      type: 'navigate' as const,
      to: `/login?redirect=${encodeURIComponent(
        shopPath(context.page, whereOf(context), {
          add: String(params.productId),
          ...(params.count > 1 ? { count: String(params.count) } : {}),
        }),
      )}`,
    })),
    /** The add a guest asked for before signing in, once; the `add` value leaves the address. */
    completeAddAfterSignIn: enqueueActions(({ context, enqueue }) => {
      const chosen = context.addAfterSignIn;
      if (chosen === undefined) return;
      if (context.signedIn) {
        const add: CartEvent = { type: 'ADD', id: chosen.productId, count: chosen.count };
        enqueue.sendTo(({ system }) => system.get('cart'), add);
      }
      enqueue.assign({ addAfterSignIn: undefined });
      enqueue.emit({ type: 'navigate', to: shopPath(context.page, whereOf(context)), replace: true });
    }),
    /** A category's first page ('All' when undefined); the route starts a new shop for it. */
    chooseCategory: emit(({ context }, params: { category: string | undefined }) => ({
      type: 'navigate' as const,
      to: shopPath(1, { ...whereOf(context), category: params.category }),
    })),
    goToPage: emit(({ context }, params: { page: number }) => ({
      type: 'navigate' as const,
      to: shopPath(params.page, whereOf(context)),
    })),
    storeDraft: assign((_, params: { text: string }) => ({ draft: params.text })),
    /** The first page of what matches the typed text (every product when it is blank). */
    search: emit(({ context }) => ({
      type: 'navigate' as const,
      to: shopPath(1, { ...whereOf(context), q: searchOf(context.draft) }),
    })),
    clearSearch: emit(({ context }) => ({
      type: 'navigate' as const,
      to: shopPath(1, { ...whereOf(context), q: undefined }),
    })),
    chooseSort: emit(({ context }, params: { sort: ProductSort }) => ({
      type: 'navigate' as const,
      to: shopPath(1, { ...whereOf(context), sort: params.sort }),
    })),
  },
  guards: {
    otherCategory: ({ context }, params: { category: string | undefined }) =>
      params.category !== context.category &&
      (params.category === undefined ||
        (context.categories ?? []).some((category) => category.slug === params.category)),
    isEmpty: (_, params: { page: ProductPage }) => params.page.items.length === 0,
    signedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    otherSearch: ({ context }) => searchOf(context.draft) !== context.q,
    searching: ({ context }) => context.q !== undefined,
    otherSort: ({ context }, params: { sort: ProductSort }) =>
      PRODUCT_SORTS.includes(params.sort) && params.sort !== (context.sort ?? 'position'),
    otherPage: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) &&
      params.page >= 1 &&
      params.page <= Math.max(context.totalPages, 1) &&
      params.page !== context.page,
  },
}).createMachine({
  id: 'shop',
  description: [
    'The shop page (docs/product.md §2 ProductListPage; GET /products with page, per_page 8 and category). loading →',
    "shown | empty | error ('Failed to load products' unless the server says otherwise; RETRY loads again).",
    'GO_TO_PAGE {page} emits navigate to /shop?page=N (the route starts a new shop for it). ADD {productId,',
    "count, signedIn} sends ADD to the app's cart (systemId 'cart'), which reports success and failure; a guest",
    'is sent to /login?redirect=/shop?…&add=<id>&count=<n> (count only above 1), and the page entered again',
    'signed in with those values adds that many of the product once and drops them from the address (navigate,',
    'replace). The categories load beside the',
    'page (none offered when they fail); CHOOSE_CATEGORY {category} (undefined = All) emits navigate to that',
    "category's first page, /shop?category=slug, when it is another offered one. RELOAD (the app's language",
    'changed) loads the page again and, beside it, the categories (reloadCategories), both in the new language.',
    'The search (q) and order (sort) come from the address and go with every request and every address the page',
    'makes. TYPE_QUERY {text} keeps what the search field holds without a request; SEARCH emits navigate to the',
    'first page of that search (trimmed; blank: none) when it is another one; CLEAR_SEARCH empties the field and,',
    'when the page shows a search, emits navigate to the first page without it; CHOOSE_SORT {sort} to the first page in another order. PREFILL {fields} (the served form, typed in before the app took over) keeps its q as the search field text and, when its sort is another one, chooses it. The route starts a new shop for each',
    'address, so Back and Forward restore the search and order as they were.',
  ].join(' '),
  context: ({ input }) => ({
    page: input.page,
    category: input.category,
    q: input.q,
    sort: input.sort,
    draft: input.q ?? '',
    categories: null,
    products: [],
    totalPages: 0,
    error: null,
    addAfterSignIn: input.add === undefined ? undefined : { productId: input.add, count: input.count ?? 1 },
    signedIn: input.signedIn ?? false,
  }),
  invoke: {
    id: 'fetchCategories',
    src: 'fetchCategories',
    onDone: { actions: { type: 'storeCategories', params: ({ event }) => ({ categories: event.output }) } },
    onError: { actions: { type: 'storeCategories', params: { categories: [] } } },
  },
  on: {
    TYPE_QUERY: { actions: { type: 'storeDraft', params: ({ event }) => ({ text: event.text }) } },
    PREFILL: [
      {
        guard: { type: 'otherSort', params: ({ event }) => ({ sort: event.fields.sort as ProductSort }) },
        actions: [
          { type: 'storeDraft', params: ({ context, event }) => ({ text: event.fields.q ?? context.draft }) },
          { type: 'chooseSort', params: ({ event }) => ({ sort: event.fields.sort as ProductSort }) },
        ],
      },
      {
        actions: {
          type: 'storeDraft',
          params: ({ context, event }) => ({ text: event.fields.q ?? context.draft }),
        },
      },
    ],
    SEARCH: { guard: 'otherSearch', actions: 'search' },
    CLEAR_SEARCH: [
      { guard: 'searching', actions: [{ type: 'storeDraft', params: { text: '' } }, 'clearSearch'] },
      { actions: { type: 'storeDraft', params: { text: '' } } },
    ],
    CHOOSE_SORT: {
      guard: { type: 'otherSort', params: ({ event }) => ({ sort: event.sort }) },
      actions: { type: 'chooseSort', params: ({ event }) => ({ sort: event.sort }) },
    },
    CHOOSE_CATEGORY: {
      guard: { type: 'otherCategory', params: ({ event }) => ({ category: event.category }) },
      actions: { type: 'chooseCategory', params: ({ event }) => ({ category: event.category }) },
    },
    // A categories' reload (RELOAD) answers here, wherever the page is by then; a failure keeps the old ones.
    'xstate.done.actor.reloadCategories': {
      actions: {
        type: 'storeCategories',
        params: ({ event }: { event: AnyEventObject }) => ({ categories: event.output as ProductCategory[] }),
      },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchProducts',
        src: 'fetchProducts',
        input: ({ context }) => ({ page: context.page, perPage: SHOP_PAGE_SIZE, ...whereOf(context) }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ page: event.output }) },
            target: 'empty',
            actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) },
          },
          {
            target: 'shown',
            actions: [
              { type: 'storePage', params: ({ event }) => ({ page: event.output }) },
              'completeAddAfterSignIn',
            ],
          },
        ],
        onError: {
          target: 'error',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    shown: {
      on: {
        RELOAD: { target: 'loading', actions: 'reloadCategories' },
        GO_TO_PAGE: {
          guard: { type: 'otherPage', params: ({ event }) => ({ page: event.page }) },
          actions: { type: 'goToPage', params: ({ event }) => ({ page: event.page }) },
        },
        ADD: [
          {
            guard: { type: 'signedIn', params: ({ event }) => ({ signedIn: event.signedIn }) },
            actions: {
              type: 'addToCart',
              params: ({ event }) => ({ productId: event.productId, count: event.count }),
            },
          },
          {
            actions: {
              type: 'sendGuestToLogin',
              params: ({ event }) => ({ productId: event.productId, count: event.count }),
            },
          },
        ],
      },
    },
    empty: {
      description: 'No products on this page; a page past the end offers the first page.',
      on: {
        RELOAD: { target: 'loading', actions: 'reloadCategories' },
        GO_TO_PAGE: {
          guard: { type: 'otherPage', params: ({ event }) => ({ page: event.page }) },
          actions: { type: 'goToPage', params: ({ event }) => ({ page: event.page }) },
        },
      },
    },
    error: { on: { RETRY: 'loading', RELOAD: { target: 'loading', actions: 'reloadCategories' } } },
  },
});
