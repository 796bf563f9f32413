import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { topUpTermsOf } from '../../machines/topUpTerms';
import { AccountTabPending } from '../features/account/AccountTabPending';
import { SectionError } from '../features/shell/RouteError';
import { validateBalanceSearch } from './balance-search';
import { requireLogin } from './guards';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

/** /account and its tabs (docs/product.md §2); /account itself (its '' child) opens the profile tab. */
export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  staticData: { name: 'account', access: 'protected', header: 'solid' },
  beforeLoad: requireLogin,
  component: lazyRouteComponent(() => import('../features/account/AccountLayout'), 'AccountLayout'),
});

/** The tabs' pending and error views stay inside the account layout's <main> (the router's defaults are pages). */
const tabPending = { pendingComponent: AccountTabPending, errorComponent: SectionError };

export const accountIndexRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/account/profile', replace: true });
  },
});

export const accountProfileRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'profile',
  staticData: { name: 'account', access: 'protected', header: 'solid' },
  loader: async ({ context }) => {
    const screen = await context.screens.start('profileEdit', undefined);
    // The first paint shows the profile: wait for its load (or its failure) to settle.
    const profile = context.app.getSnapshot().context.profile;
    await waitFor(profile, (snapshot) => !snapshot.matches('loading'));
    return { screen };
  },
  ...screenLifecycle('profileEdit'),
  ...tabPending,
  component: lazyRouteComponent(() => import('../features/account/ProfileTab'), 'ProfileTab'),
});

export const accountBalanceRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'balance',
  staticData: { name: 'AccountBalance', access: 'protected', header: 'solid' },
  validateSearch: validateBalanceSearch,
  loaderDeps: ({ search }) => search,
  // The terms as the app holds them now; the machine follows their changes (followTerms).
  loader: async ({ context, deps }) => ({
    screen: await context.screens.start('topUp', { ...deps, terms: topUpTermsOf(context.app.system) }),
  }),
  ...screenLifecycle('topUp'),
  ...tabPending,
  component: lazyRouteComponent(() => import('../features/account/BalanceTab'), 'BalanceTab'),
});

export const accountOrderHistoryRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'order-history',
  staticData: { name: 'AccountOrderHistory', access: 'protected', header: 'solid' },
  // Started, not awaited: the tab shows 'Loading orders...' while the one fetch runs.
  loader: async ({ context }) => ({ screen: await context.screens.start('orders', undefined) }),
  ...screenLifecycle('orders'),
  ...tabPending,
  component: lazyRouteComponent(() => import('../features/account/OrderHistoryTab'), 'OrderHistoryTab'),
});

export const accountChangePasswordRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'change-password',
  staticData: { name: 'AccountChangePassword', access: 'protected', header: 'solid' },
  loader: async ({ context }) => ({ screen: await context.screens.start('changePassword', undefined) }),
  ...screenLifecycle('changePassword'),
  ...tabPending,
  component: lazyRouteComponent(() => import('../features/account/ChangePasswordTab'), 'ChangePasswordTab'),
});

export const accountChangeEmailRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'change-email',
  staticData: { name: 'AccountChangeEmail', access: 'protected', header: 'solid' },
  loader: async ({ context }) => ({ screen: await context.screens.start('changeEmail', undefined) }),
  ...screenLifecycle('changeEmail'),
  ...tabPending,
  component: lazyRouteComponent(() => import('../features/account/ChangeEmailTab'), 'ChangeEmailTab'),
});

/** docs/product.md §2 "Your data": the download and the deletion, two forms on one tab. */
export const accountYourDataRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'your-data',
  staticData: { name: 'AccountYourData', access: 'protected', header: 'solid' },
  loader: async ({ context }) => {
    const [screen, deleteAccount] = await Promise.all([
      context.screens.start('exportData', undefined),
      context.screens.start('deleteAccount', undefined),
    ]);
    return { screen, deleteAccount };
  },
  ...screenLifecycle('exportData', 'deleteAccount'),
  ...tabPending,
  component: lazyRouteComponent(() => import('../features/account/YourDataTab'), 'YourDataTab'),
});

/**
 * The balance history: its own tab beside the order history (`balance-history` as `order-history`),
 * not under /account/balance, whose tab would then be marked current too.
 */
export const accountBalanceHistoryRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'balance-history',
  staticData: { name: 'AccountBalanceHistory', access: 'protected', header: 'solid' },
  // Started, not awaited: the tab shows its loading line while the first page loads.
  loader: async ({ context }) => ({ screen: await context.screens.start('balanceHistory', undefined) }),
  ...screenLifecycle('balanceHistory'),
  ...tabPending,
  component: lazyRouteComponent(() => import('../features/account/BalanceHistoryTab'), 'BalanceHistoryTab'),
});

const MAX_ID = 2_147_483_647;

/** An order number of the address; 0 for anything else (the page is then not found). */
const orderNumber = (text: string): number => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID ? id : 0;
};

/** One of the customer's orders and its printable receipt. */
export const accountOrderRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'orders/$orderId',
  staticData: { name: 'AccountOrder', access: 'protected', header: 'solid' },
  params: {
    parse: ({ orderId }) => ({ orderId: orderNumber(orderId) }),
    stringify: ({ orderId }) => ({ orderId: String(orderId) }),
  },
  loader: async ({ context, params }) => {
    if (params.orderId === 0) throw notFound();
    return { screen: await context.screens.start('orderDetail', { id: params.orderId }) };
  },
  ...screenLifecycle('orderDetail'),
  ...tabPending,
  component: lazyRouteComponent(() => import('../features/account/OrderPage'), 'OrderPage'),
});
