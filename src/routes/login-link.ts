import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateLoginLinkSearch } from './auth-search';
import { guestOnly } from './guards';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

/** The page the emailed sign-in link opens (openapi.yaml requestLoginLink, ADR 0015). */
export const loginLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login/link',
  staticData: { name: 'LoginLink', access: 'guest', header: 'transparent' },
  validateSearch: validateLoginLinkSearch,
  beforeLoad: guestOnly,
  loaderDeps: ({ search }) => ({ token: search.token, email: search.email, redirect: search.redirect }),
  loader: async ({ context, deps }) => ({
    screen: await context.screens.start('loginLink', {
      token: deps.token,
      email: deps.email,
      redirectTo: deps.redirect ?? '/account',
    }),
  }),
  ...screenLifecycle('loginLink'),
  component: lazyRouteComponent(() => import('../features/auth/LoginLinkPage'), 'LoginLinkPage'),
});
