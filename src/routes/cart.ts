import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireLogin } from './guards';
import { rootRoute } from './root';

export const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart',
  staticData: { name: 'CartPage', access: 'protected', header: 'solid' },
  beforeLoad: requireLogin,
  component: lazyRouteComponent(() => import('../features/cart/CartPage'), 'CartPage'),
});
