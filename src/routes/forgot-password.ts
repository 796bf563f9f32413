import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guestOnly } from './guards';
import { rootRoute } from './root';

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  staticData: { name: 'ForgotPassword', access: 'guest', header: 'transparent' },
  beforeLoad: guestOnly,
  component: lazyRouteComponent(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
});
