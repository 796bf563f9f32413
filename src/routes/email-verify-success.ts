import { createRoute } from '@tanstack/react-router';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';

export const emailVerifySuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/email/verify/success',
  staticData: { name: 'EmailVerifySuccess', access: 'all', header: 'solid' },
  component: lazyRouteComponent(() => import('../features/email/EmailVerifiedPage'), 'EmailVerifiedPage'),
});
