import { createRoute } from '@tanstack/react-router';
import { requireUnverifiedEmail } from './guards';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

export const emailVerificationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/email-verification',
  staticData: { name: 'EmailVerification', access: 'protected', header: 'solid' },
  beforeLoad: requireUnverifiedEmail,
  loader: async ({ context }) => ({ screen: await context.screens.start('verificationEmail', undefined) }),
  ...screenLifecycle('verificationEmail'),
  component: lazyRouteComponent(
    () => import('../features/email/EmailVerificationPage'),
    'EmailVerificationPage',
  ),
});
