import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateLoginSearch } from './auth-search';
import { guestOnly } from './guards';
import { rootRoute } from './root';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: { name: 'Login', access: 'guest', header: 'transparent' },
  validateSearch: validateLoginSearch,
  beforeLoad: guestOnly,
  component: lazyRouteComponent(() => import('../features/auth/LoginPage'), 'LoginPage'),
});
