import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guestOnly } from './guards';
import { rootRoute } from './root';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: { name: 'Login', access: 'guest', header: 'transparent' },
  beforeLoad: guestOnly,
  component: lazyRouteComponent(() => import('../features/auth/LoginPage'), 'LoginPage'),
});
