import { createRoute } from '@tanstack/react-router';
import { lazyRouteComponent } from './lazy-route';
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
