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
    // A number typed into the server's form before the app took over is read as the form mounts
    // (docs/decisions/0023): its library then has to be there. Otherwise it loads on use (0032).
    const phone = servedFormHasPhone()
      ? import('../features/forms/phoneLibrary')
          .then((module) => module.loadPhoneLibrary())
          .catch(() => undefined)
      : undefined;
    const [screen] = await Promise.all([context.screens.start('signUp', input), phone]);
    return { screen };
  },
  ...screenLifecycle('signUp'),
  component: lazyRouteComponent(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
});

/** Whether the server's form on the page holds a typed phone number (the browser, before takeover). */
function servedFormHasPhone(): boolean {
  if (typeof document === 'undefined') return false;
  return Boolean(document.querySelector<HTMLInputElement>('#root form input[name="phone"]')?.value);
}
