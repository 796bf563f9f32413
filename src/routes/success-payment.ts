import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const successPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/success-payment',
  staticData: { name: 'SuccessPayment', access: 'all', header: 'solid' },
  component: lazyRouteComponent(() => import('../features/payment/PaymentSuccessPage'), 'PaymentSuccessPage'),
});
