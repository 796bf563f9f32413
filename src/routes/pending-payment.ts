import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validatePaymentSearch } from './payment-search';
import { rootRoute } from './root';

export const pendingPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pending-payment',
  staticData: { name: 'PendingPayment', access: 'all', header: 'solid' },
  validateSearch: validatePaymentSearch,
  component: lazyRouteComponent(() => import('../features/payment/PaymentPendingPage'), 'PaymentPendingPage'),
});
