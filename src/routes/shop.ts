import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const shopRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shop',
  staticData: { name: 'ProductListPage', access: 'all', header: 'solid' },
  component: lazyRouteComponent(() => import('../features/shop/ProductListPage'), 'ProductListPage'),
});
