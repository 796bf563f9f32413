import { createRoute } from '@tanstack/react-router';
import { lazyRouteComponent } from './lazy-route';
import { validatePaymentSearch } from './payment-search';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

export const processingPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/processing-payment',
  staticData: { name: 'ProcessingPayment', access: 'all', header: 'solid' },
  validateSearch: validatePaymentSearch,
  loaderDeps: ({ search }) => ({ payment: search.payment }),
  loader: async ({ context, deps }) => ({
    screen: deps.payment
      ? await context.screens.start('paymentStatus', { paymentId: deps.payment })
      : undefined,
  }),
  ...screenLifecycle('paymentStatus'),
  component: lazyRouteComponent(() => import('../features/payment/PaymentPendingPage'), 'PaymentPendingPage'),
});
