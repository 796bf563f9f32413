import { createRoute } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { isSignedIn } from './guards';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';
import { validateShopSearch } from './shop-search';

/**
 * /shop (docs/product.md §2 ProductListPage): the loader starts the shop screen for the page (and category,
 * search and order)
 * and waits for its first answer, so the page paints with products. The open product (`product`)
 * is not a dependency: opening the dialog keeps the running screen.
 */
export const shopRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shop',
  staticData: { name: 'ProductListPage', access: 'all', header: 'solid' },
  validateSearch: validateShopSearch,
  loaderDeps: ({ search }) => ({
    page: search.page ?? 1,
    category: search.category,
    q: search.q,
    sort: search.sort,
    add: search.add,
    count: search.count,
  }),
  loader: async ({ context, deps }) => {
    const signedIn = deps.add === undefined ? false : await isSignedIn(context.app);
    const screen = await context.screens.start('shop', { ...deps, signedIn });
    // The category filter sits above the grid: paint both at once, so nothing shifts.
    await waitFor(screen, (snapshot) => !snapshot.matches('loading') && snapshot.context.categories !== null);
    return { screen };
  },
  ...screenLifecycle('shop'),
  component: lazyRouteComponent(() => import('../features/shop/ProductListPage'), 'ProductListPage'),
});
