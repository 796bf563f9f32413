import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateResetLinkSearch } from './auth-search';
import { guestOnly } from './guards';
import { rootRoute } from './root';

export const resetPasswordConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password-confirm',
  staticData: { name: 'ResetPasswordConfirmPage', access: 'guest', header: 'transparent' },
  validateSearch: validateResetLinkSearch,
  beforeLoad: guestOnly,
  component: lazyRouteComponent(
    () => import('../features/auth/ResetPasswordConfirmPage'),
    'ResetPasswordConfirmPage',
  ),
});
