import { createRoute } from '@tanstack/react-router';
import { guestOnly } from './guards';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  staticData: { name: 'ForgotPassword', access: 'guest', header: 'transparent' },
  beforeLoad: guestOnly,
  loader: async ({ context }) => ({ screen: await context.screens.start('forgotPassword', undefined) }),
  ...screenLifecycle('forgotPassword'),
  component: lazyRouteComponent(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
});
