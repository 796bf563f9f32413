import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guestOnly } from './guards';
import { rootRoute } from './root';

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  staticData: { name: 'Register', access: 'guest', header: 'transparent' },
  beforeLoad: guestOnly,
  component: lazyRouteComponent(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
});
