import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { guestOnly } from './guards';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  staticData: { name: 'Register', access: 'guest', header: 'transparent' },
  beforeLoad: guestOnly,
  loader: async ({ context }) => {
    // The phone field and the country select need the country list from start-up.
    const started = await waitFor(context.app, (snapshot) => !snapshot.matches('loading'));
    return { screen: await context.screens.start('signUp', { countries: started.context.countries }) };
  },
  ...screenLifecycle('signUp'),
  component: lazyRouteComponent(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
});
