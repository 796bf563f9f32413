import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validatePaymentSearch } from './payment-search';
import { rootRoute } from './root';

export const processingPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/processing-payment',
  staticData: { name: 'ProcessingPayment', access: 'all', header: 'solid' },
  validateSearch: validatePaymentSearch,
  component: lazyRouteComponent(() => import('../features/payment/PaymentPendingPage'), 'PaymentPendingPage'),
});
