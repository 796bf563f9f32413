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
    // The phone library (~35 KB) is not waited for: it loads on the form's first use, and what is
    // typed or submitted before it is there is read once it is (docs/decisions/0042).
    const screen = await context.screens.start('signUp', input);
    return { screen };
  },
  ...screenLifecycle('signUp'),
  component: lazyRouteComponent(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
});
