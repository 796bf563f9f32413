import { createRoute } from '@tanstack/react-router';
import { lazyRouteComponent } from './lazy-route';
import { onPaymentResult } from './payment-result';
import { validatePaymentSearch } from './payment-search';
import { rootRoute } from './root';

export const failPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/fail-payment',
  staticData: { name: 'FailPayment', access: 'all', header: 'solid' },
  validateSearch: validatePaymentSearch,
  onEnter: onPaymentResult('failed'),
  component: lazyRouteComponent(() => import('../features/payment/PaymentFailPage'), 'PaymentFailPage'),
});
