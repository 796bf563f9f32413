import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { onPaymentResult } from './payment-result';
import { rootRoute } from './root';

export const successPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/success-payment',
  staticData: { name: 'SuccessPayment', access: 'all', header: 'solid' },
  onEnter: onPaymentResult('success'),
  component: lazyRouteComponent(() => import('../features/payment/PaymentSuccessPage'), 'PaymentSuccessPage'),
});
