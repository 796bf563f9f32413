import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const failPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/fail-payment',
  staticData: { name: 'FailPayment', access: 'all', header: 'solid' },
  component: lazyRouteComponent(() => import('../features/payment/PaymentFailPage'), 'PaymentFailPage'),
});
