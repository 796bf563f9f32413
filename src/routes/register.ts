import { createRoute } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { validateLoginSearch } from './auth-search';
import { guestOnly } from './guards';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  staticData: { name: 'Register', access: 'guest', header: 'transparent' },
  validateSearch: validateLoginSearch,
  beforeLoad: guestOnly,
  loaderDeps: ({ search }) => ({ redirect: search.redirect }),
  loader: async ({ context, deps }) => {
    // The phone field and the country select need the country list from start-up.
    const started = await waitFor(context.app, (snapshot) => !snapshot.matches('loading'));
    const input = { countries: started.context.countries, redirectTo: deps.redirect };
    return { screen: await context.screens.start('signUp', input) };
  },
  ...screenLifecycle('signUp'),
  component: lazyRouteComponent(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
});
