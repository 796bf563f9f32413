import { createRoute } from '@tanstack/react-router';
import { lazyRouteComponent } from './lazy-route';
import { validatePaymentSearch } from './payment-search';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

/**
 * /pending-payment and /processing-payment: two addresses of one page, the card payment still
 * being processed, which follows the payment of `?payment=` (paymentStatus) until it settles.
 */
function paymentWaitingRoute<Path extends string>(path: Path, name: string) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { name, access: 'all', header: 'solid' },
    validateSearch: validatePaymentSearch,
    loaderDeps: ({ search }) => ({ payment: search.payment }),
    loader: async ({ context, deps }) => ({
      screen: deps.payment
        ? await context.screens.start('paymentStatus', { paymentId: deps.payment })
        : undefined,
    }),
    ...screenLifecycle('paymentStatus'),
    component: lazyRouteComponent(
      () => import('../features/payment/PaymentPendingPage'),
      'PaymentPendingPage',
    ),
  });
}

export const pendingPaymentRoute = paymentWaitingRoute('/pending-payment', 'PendingPayment');
export const processingPaymentRoute = paymentWaitingRoute('/processing-payment', 'ProcessingPayment');
