import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const emailVerifyAlreadyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/email/verify/already-success',
  staticData: { name: 'EmailVerifyAlreadySuccess', access: 'all', header: 'solid' },
  component: lazyRouteComponent(
    () => import('../features/email/EmailVerifiedPage'),
    'EmailAlreadyVerifiedPage',
  ),
});
