import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guestOnly } from './guards';
import { rootRoute } from './root';

export const resetPasswordConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password-confirm',
  staticData: { name: 'ResetPasswordConfirmPage', access: 'guest', header: 'transparent' },
  beforeLoad: guestOnly,
  component: lazyRouteComponent(
    () => import('../features/auth/ResetPasswordConfirmPage'),
    'ResetPasswordConfirmPage',
  ),
});
