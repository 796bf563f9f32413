import { createRoute } from '@tanstack/react-router';
import { validateLoginSearch } from './auth-search';
import { guestOnly } from './guards';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: { name: 'Login', access: 'guest', header: 'transparent' },
  validateSearch: validateLoginSearch,
  beforeLoad: guestOnly,
  loaderDeps: ({ search }) => ({ redirect: search.redirect }),
  loader: async ({ context, deps }) => ({
    screen: await context.screens.start('signIn', { redirectTo: deps.redirect ?? '/account' }),
  }),
  ...screenLifecycle('signIn'),
  component: lazyRouteComponent(() => import('../features/auth/LoginPage'), 'LoginPage'),
});
