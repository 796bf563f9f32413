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
    // The phone library is there before the form renders: digits typed while it was still on its
    // way (docs/decisions/0032) came out as '30901820+49' on a page the app navigated to. A number
    // typed into the server's form before the app took over needs it too (docs/decisions/0023).
    const phone =
      typeof document === 'undefined'
        ? undefined
        : import('../features/forms/phoneLibrary')
            .then((module) => module.loadPhoneLibrary())
            .catch(() => undefined);
    const [screen] = await Promise.all([context.screens.start('signUp', input), phone]);
    return { screen };
  },
  ...screenLifecycle('signUp'),
  component: lazyRouteComponent(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
});
