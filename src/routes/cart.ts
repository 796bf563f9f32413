import { createRoute } from '@tanstack/react-router';
import { requireLogin } from './guards';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

/** Until settings name them (docs/product.md §3 payment_methods), the contract's two methods. */
const DEFAULT_METHODS = ['balance', 'card'];

/**
 * /cart (login required): the app's cart machine (refreshed on entry, so lines a failed card
 * payment put back show up), a checkout screen with a fresh Idempotency-Key for this visit, and
 * the customer's orders, for the card orders still waiting for payment (pay or cancel, ADR 0028).
 */
export const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart',
  staticData: { name: 'CartPage', access: 'protected', header: 'solid' },
  beforeLoad: requireLogin,
  loader: async ({ context }) => {
    const app = context.app.getSnapshot().context;
    app.cart.send({ type: 'REFRESH' });
    // The checkout machine comes with the cart's screens, not with the first load (docs/decisions/0042).
    const { storeFactsOf } = await import('../../machines/checkout');
    const screen = await context.screens.start('checkout', {
      methods: app.settings?.payment_methods ?? DEFAULT_METHODS,
      idempotencyKey: crypto.randomUUID(),
      store: storeFactsOf(context.app.system),
    });
    const orders = await context.screens.start('orders', undefined);
    return { screen, orders };
  },
  ...screenLifecycle('checkout', 'orders'),
  component: lazyRouteComponent(() => import('../features/cart/CartPage'), 'CartPage'),
});
