import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateResetLinkSearch } from './auth-search';
import { guestOnly } from './guards';
import { rootRoute } from './root';

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  staticData: { name: 'ResetPassword', access: 'guest', header: 'transparent' },
  validateSearch: validateResetLinkSearch,
  beforeLoad: guestOnly,
  component: lazyRouteComponent(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
});
