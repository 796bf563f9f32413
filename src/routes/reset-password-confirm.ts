import { createRoute } from '@tanstack/react-router';
import { validateResetLinkSearch } from './auth-search';
import { guestOnly } from './guards';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

export const resetPasswordConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password-confirm',
  staticData: { name: 'ResetPasswordConfirmPage', access: 'guest', header: 'transparent' },
  validateSearch: validateResetLinkSearch,
  beforeLoad: guestOnly,
  loaderDeps: ({ search }) => ({ token: search.token, email: search.email }),
  loader: async ({ context, deps }) => ({ screen: await context.screens.start('resetPassword', deps) }),
  ...screenLifecycle('resetPassword'),
  component: lazyRouteComponent(
    () => import('../features/auth/ResetPasswordConfirmPage'),
    'ResetPasswordConfirmPage',
  ),
});
