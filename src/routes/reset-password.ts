import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guestOnly } from './guards';
import { rootRoute } from './root';

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  staticData: { name: 'ResetPassword', access: 'guest', header: 'transparent' },
  beforeLoad: guestOnly,
  component: lazyRouteComponent(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
});
