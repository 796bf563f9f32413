import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, fromPromise, setup, waitFor } from 'xstate';
import {
  type Product,
  type ProductCategory,
  type ProductPage,
  type ShopInput,
  shopMachine,
  shopPath,
} from '../../machines/shop';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';

const product = (id: number): Product => ({
  id,
  slug: `item-${id}`,
  title: `Item ${id}`,
  description: `The item number ${id}`,
  price: 1000 * id,
  img_url: `/images/products/item-${id}.svg`,
  category: 'ranks',
  max_per_order: null,
  max_per_customer: null,
  compare_at_price: null,
});
const categories: ProductCategory[] = [
  { slug: 'ranks', title: 'Ranks', count: 2 },
  { slug: 'perks', title: 'Perks', count: 1 },
];
const pageOf = (items: Product[], page = 1, totalPages = 2): ProductPage => ({
  items,
  page,
  per_page: 8,
  total: totalPages * 8,
  total_pages: totalPages,
});

const shopEvents = [
  doneEvent('fetchCategories', categories),
  errorEvent('fetchCategories', new Error('offline')),
  { type: 'CHOOSE_CATEGORY', category: 'perks' },
  { type: 'CHOOSE_CATEGORY', category: undefined },
  { type: 'CHOOSE_CATEGORY', category: 'no-such' },
  doneEvent('fetchProducts', pageOf([product(1), product(2)])),
  doneEvent('fetchProducts', pageOf([])),
  errorEvent('fetchProducts', new Error('offline')),
  { type: 'RETRY' },
  { type: 'GO_TO_PAGE', page: 2 },
  { type: 'GO_TO_PAGE', page: 1 },
  { type: 'GO_TO_PAGE', page: 9 },
  { type: 'ADD', productId: 1, count: 2, signedIn: true },
  { type: 'ADD', productId: 1, count: 3, signedIn: false },
  { type: 'RELOAD' },
  { type: 'TYPE_QUERY', text: 'rang' },
  { type: 'SEARCH' },
  { type: 'CLEAR_SEARCH' },
  { type: 'CHOOSE_SORT', sort: 'price_desc' },
  { type: 'CHOOSE_SORT', sort: 'position' },
  { type: 'PREFILL', fields: { q: 'key' } },
  { type: 'PREFILL', fields: { q: 'key', sort: 'price_asc' } },
] as const;

describePaths(
  'shop paths',
  pathPlan(shopMachine, {
    inputs: [
      { page: 1 },
      { page: 2, add: 3, count: 4, signedIn: true },
      { page: 1, category: 'ranks' },
      { page: 1, q: 'rang', sort: 'newest' },
    ],
    // The categories' reload answers only where RELOAD started it.
    events: (snapshot) => [
      ...shopEvents,
      ...('reloadCategories' in snapshot.children
        ? [doneEvent('reloadCategories', [{ slug: 'ranks', title: 'Ränge', count: 2 }])]
        : []),
    ],
  }),
);

/** The shop in an actor system with a stand-in cart (systemId 'cart') that records what it gets. */
function runShop(
  input: ShopInput,
  answer: () => Promise<ProductPage>,
  answerCategories: () => Promise<ProductCategory[]> = async () => categories,
) {
  const cartEvents: unknown[] = [];
  const navigations: unknown[] = [];
  const shop = shopMachine.provide({
    actors: { fetchProducts: fromPromise(answer), fetchCategories: fromPromise(answerCategories) },
  });
  const host = setup({
    actors: {
      cart: fromCallback(({ receive }) => {
        receive((event) => cartEvents.push(event));
      }),
      shop,
    },
  }).createMachine({
    invoke: [
      { src: 'cart', systemId: 'cart' },
      { src: 'shop', systemId: 'shop', input },
    ],
  });
  const actor = createActor(host).start();
  const screen: AnyActorRef = actor.system.get('shop');
  screen.on('navigate', (event) => navigations.push(event));
  return { screen, cartEvents, navigations };
}

describe('shop rules', () => {
  it('paths name the shop the way the router reads it', () => {
    expect(shopPath(1)).toBe('/shop');
    expect(shopPath(3)).toBe('/shop?page=3');
    expect(shopPath(2, 'ranks', { add: '4' })).toBe('/shop?page=2&category=ranks&add=4');
  });

  it('spells the search and the order in the address; the default order is not spelled', () => {
    expect(shopPath(2, { category: 'ranks', q: 'vip', sort: 'price_asc' })).toBe(
      '/shop?page=2&category=ranks&q=vip&sort=price_asc',
    );
    expect(shopPath(1, { q: '50% off', sort: 'position' })).toBe('/shop?q=50%25+off');
  });

  it('searches on submit only, trimmed, on the first page of the same category and order', async () => {
    const { screen, navigations } = runShop({ page: 2, category: 'ranks', sort: 'newest' }, async () =>
      pageOf([product(1)], 2, 3),
    );
    await waitFor(screen, (s) => s.matches('shown'));
    screen.send({ type: 'TYPE_QUERY', text: ' V' });
    screen.send({ type: 'TYPE_QUERY', text: ' VIP ' });
    expect(navigations).toEqual([]);
    expect(screen.getSnapshot().context.draft).toBe(' VIP ');
    screen.send({ type: 'SEARCH' });
    expect(navigations).toEqual([{ type: 'navigate', to: '/shop?category=ranks&q=VIP&sort=newest' }]);
  });

  it('keeps a search typed and an order chosen in the served form before the app took over', async () => {
    const { screen, navigations } = runShop({ page: 1, category: 'ranks' }, async () => pageOf([product(1)]));
    screen.send({ type: 'PREFILL', fields: { category: 'ranks', q: 'VIP', sort: 'position' } });
    expect(screen.getSnapshot().context.draft).toBe('VIP');
    expect(navigations).toEqual([]);
    screen.send({ type: 'SEARCH' });
    expect(navigations).toEqual([{ type: 'navigate', to: '/shop?category=ranks&q=VIP' }]);
    screen.send({ type: 'PREFILL', fields: { sort: 'price_desc' } });
    expect(screen.getSnapshot().context.draft).toBe('VIP');
    expect(navigations.at(-1)).toEqual({ type: 'navigate', to: '/shop?category=ranks&sort=price_desc' });
  });

  it('asks the server for the search and the order it was entered with', async () => {
    const inputs: unknown[] = [];
    const shop = shopMachine.provide({
      actors: {
        fetchProducts: fromPromise(async ({ input }) => {
          inputs.push(input);
          return pageOf([]);
        }),
        fetchCategories: fromPromise(async () => categories),
      },
    });
    const actor = createActor(shop, { input: { page: 1, q: 'rang', sort: 'price_desc' } }).start();
    await waitFor(actor, (s) => s.matches('empty'));
    expect(inputs).toEqual([{ page: 1, perPage: 8, category: undefined, q: 'rang', sort: 'price_desc' }]);
    expect(actor.getSnapshot().context.draft).toBe('rang');
  });

  it('clears a search to every product, and sorts on the first page; the same order or search is no change', async () => {
    const { screen, navigations } = runShop({ page: 1, q: 'rang' }, async () => pageOf([]));
    await waitFor(screen, (s) => s.matches('empty'));
    screen.send({ type: 'SEARCH' });
    screen.send({ type: 'CHOOSE_SORT', sort: 'position' });
    screen.send({ type: 'CHOOSE_SORT', sort: 'price_asc' });
    screen.send({ type: 'CLEAR_SEARCH' });
    expect(navigations).toEqual([
      { type: 'navigate', to: '/shop?q=rang&sort=price_asc' },
      { type: 'navigate', to: '/shop' },
    ]);
    expect(screen.getSnapshot().context.draft).toBe('');
  });

  it('shows a page, then adds to the cart or sends a guest to sign in', async () => {
    const { screen, cartEvents, navigations } = runShop({ page: 2 }, async () => pageOf([product(1)], 2, 3));
    await waitFor(screen, (s) => s.matches('shown'));
    expect(screen.getSnapshot().context.products).toEqual([product(1)]);
    screen.send({ type: 'ADD', productId: 1, count: 2, signedIn: true });
    expect(cartEvents).toEqual([{ type: 'ADD', id: 1, count: 2 }]);
    screen.send({ type: 'ADD', productId: 1, count: 1, signedIn: false });
    expect(cartEvents).toHaveLength(1);
    expect(navigations).toEqual([{ type: 'navigate', to: '/login?redirect=%2Fshop%3Fpage%3D2%26add%3D1' }]);
  });

  it('carries the quantity a guest chose through sign-in (docs/decisions/0026)', async () => {
    const { screen, cartEvents, navigations } = runShop({ page: 1, category: 'ranks' }, async () =>
      pageOf([product(1)]),
    );
    await waitFor(screen, (s) => s.matches('shown'));
    screen.send({ type: 'ADD', productId: 1, count: 3, signedIn: false });
    expect(cartEvents).toEqual([]);
    expect(navigations).toEqual([
      { type: 'navigate', to: `/login?redirect=${encodeURIComponent('/shop?category=ranks&add=1&count=3')}` },
    ]);
  });

  it('chooses another offered category on its first page; All drops the category', async () => {
    const { screen, navigations } = runShop({ page: 2, category: 'ranks' }, async () =>
      pageOf([product(1)], 2, 2),
    );
    await waitFor(screen, (s) => s.matches('shown') && s.context.categories !== null);
    expect(screen.getSnapshot().context.categories).toEqual(categories);
    screen.send({ type: 'CHOOSE_CATEGORY', category: 'ranks' });
    screen.send({ type: 'CHOOSE_CATEGORY', category: 'no-such' });
    screen.send({ type: 'CHOOSE_CATEGORY', category: 'perks' });
    screen.send({ type: 'CHOOSE_CATEGORY', category: undefined });
    expect(navigations).toEqual([
      { type: 'navigate', to: '/shop?category=perks' },
      { type: 'navigate', to: '/shop' },
    ]);
  });

  it('offers no categories when they cannot be loaded, and the page still shows', async () => {
    const { screen, navigations } = runShop(
      { page: 1 },
      async () => pageOf([product(1)]),
      async () => {
        throw new Error('offline');
      },
    );
    await waitFor(screen, (s) => s.matches('shown') && s.context.categories !== null);
    expect(screen.getSnapshot().context.categories).toEqual([]);
    screen.send({ type: 'CHOOSE_CATEGORY', category: 'ranks' });
    expect(navigations).toEqual([]);
  });

  it('pages only to another existing page', async () => {
    const { screen, navigations } = runShop({ page: 1 }, async () => pageOf([product(1)], 1, 2));
    await waitFor(screen, (s) => s.matches('shown'));
    screen.send({ type: 'GO_TO_PAGE', page: 1 });
    screen.send({ type: 'GO_TO_PAGE', page: 3 });
    screen.send({ type: 'GO_TO_PAGE', page: 2 });
    expect(navigations).toEqual([{ type: 'navigate', to: '/shop?page=2' }]);
  });

  it('completes a guest’s add once signed in, and drops it from the address', async () => {
    const { screen, cartEvents, navigations } = runShop({ page: 1, add: 5, signedIn: true }, async () =>
      pageOf([product(5)]),
    );
    await waitFor(screen, (s) => s.matches('shown'));
    expect(cartEvents).toEqual([{ type: 'ADD', id: 5, count: 1 }]);
    expect(navigations).toEqual([{ type: 'navigate', to: '/shop', replace: true }]);
  });

  it('adds as many as the guest chose once signed in, once', async () => {
    const { screen, cartEvents, navigations } = runShop(
      { page: 2, category: 'ranks', add: 5, count: 3, signedIn: true },
      async () => pageOf([product(5)], 2, 2),
    );
    await waitFor(screen, (s) => s.matches('shown'));
    expect(cartEvents).toEqual([{ type: 'ADD', id: 5, count: 3 }]);
    expect(navigations).toEqual([{ type: 'navigate', to: '/shop?page=2&category=ranks', replace: true }]);
    expect(screen.getSnapshot().context.addAfterSignIn).toBeUndefined();
  });

  it('still a guest with an add value: nothing is added', async () => {
    const { screen, cartEvents } = runShop({ page: 1, add: 5, signedIn: false }, async () =>
      pageOf([product(5)]),
    );
    await waitFor(screen, (s) => s.matches('shown'));
    expect(cartEvents).toEqual([]);
  });

  it('a failure shows the server’s message or the default, and RETRY loads again', async () => {
    let calls = 0;
    const { screen } = runShop({ page: 1 }, async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return pageOf([]);
    });
    await waitFor(screen, (s) => s.matches('error'));
    expect(screen.getSnapshot().context.error).toEqual({
      id: 'shop.error.load',
      defaultMessage: 'Failed to load products',
    });
    screen.send({ type: 'RETRY' });
    await waitFor(screen, (s) => s.matches('empty'));
    expect(calls).toBe(2);
  });
});
