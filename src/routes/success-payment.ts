import { createRoute } from '@tanstack/react-router';
import { lazyRouteComponent } from './lazy-route';
import { onPaymentResult } from './payment-result';
import { validatePaymentSearch } from './payment-search';
import { rootRoute } from './root';

export const successPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/success-payment',
  staticData: { name: 'SuccessPayment', access: 'all', header: 'solid' },
  validateSearch: validatePaymentSearch,
  onEnter: onPaymentResult('success'),
  component: lazyRouteComponent(() => import('../features/payment/PaymentSuccessPage'), 'PaymentSuccessPage'),
});
