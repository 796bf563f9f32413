import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireLogin } from './guards';
import { rootRoute } from './root';

export const emailVerificationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/email-verification',
  staticData: { name: 'EmailVerification', access: 'protected', header: 'solid' },
  beforeLoad: requireLogin,
  component: lazyRouteComponent(
    () => import('../features/email/EmailVerificationPage'),
    'EmailVerificationPage',
  ),
});
