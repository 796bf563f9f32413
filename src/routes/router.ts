import { createRouter } from '@tanstack/react-router';
import { PagePending } from '../features/pages/PagePending';
import { RouteError } from '../features/shell/RouteError';
import {
  accountBalanceHistoryRoute,
  accountBalanceRoute,
  accountChangeEmailRoute,
  accountChangePasswordRoute,
  accountIndexRoute,
  accountOrderHistoryRoute,
  accountOrderRoute,
  accountProfileRoute,
  accountRoute,
  accountYourDataRoute,
} from './account';
import { cartRoute } from './cart';
import { emailVerificationRoute } from './email-verification';
import { emailVerifyAlreadyRoute } from './email-verify-already';
import { emailVerifyInvalidRoute } from './email-verify-invalid';
import { emailVerifySuccessRoute } from './email-verify-success';
import { failPaymentRoute } from './fail-payment';
import { faqRoute } from './faq';
import { forgotPasswordRoute } from './forgot-password';
import { homeRoute } from './home';
import { loginRoute } from './login';
import { loginLinkRoute } from './login-link';
import { notFoundRoute } from './not-found';
import {
  operatorAuditRoute,
  operatorCurrenciesRoute,
  operatorCurrencyRoute,
  operatorCustomerRoute,
  operatorCustomersRoute,
  operatorDeliveriesRoute,
  operatorGameServersRoute,
  operatorIndexRoute,
  operatorLanguageRoute,
  operatorLanguagesRoute,
  operatorNewCurrencyRoute,
  operatorNewPageRoute,
  operatorNewProductRoute,
  operatorOrderRoute,
  operatorOrdersRoute,
  operatorPageRoute,
  operatorPagesRoute,
  operatorProductRoute,
  operatorProductsRoute,
  operatorRoute,
  operatorSettingsRoute,
  operatorSocialLinksRoute,
} from './operator';
import { pendingPaymentRoute, processingPaymentRoute } from './payment-waiting';
import { registerRoute } from './register';
import { resetPasswordRoute } from './reset-password';
import { resetPasswordConfirmRoute } from './reset-password-confirm';
import { type RouterContext, rootRoute } from './root';
import { rulesRoute } from './rules';
import { shopRoute } from './shop';
import { staticPageRoute } from './static-page';
import { staticPageBySlugRoute } from './static-page-by-slug';
import { successPaymentRoute } from './success-payment';

/** docs/product.md §2's routes; `/$slug` and the catch-all come last. */
export const routeTree = rootRoute.addChildren([
  homeRoute,
  loginRoute,
  loginLinkRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordConfirmRoute,
  resetPasswordRoute,
  successPaymentRoute,
  failPaymentRoute,
  pendingPaymentRoute,
  processingPaymentRoute,
  accountRoute.addChildren([
    accountIndexRoute,
    accountProfileRoute,
    accountBalanceRoute,
    accountOrderHistoryRoute,
    accountBalanceHistoryRoute,
    accountOrderRoute,
    accountChangePasswordRoute,
    accountChangeEmailRoute,
    accountYourDataRoute,
  ]),
  emailVerificationRoute,
  emailVerifySuccessRoute,
  emailVerifyAlreadyRoute,
  emailVerifyInvalidRoute,
  operatorRoute.addChildren([
    operatorIndexRoute,
    operatorCustomersRoute,
    operatorCustomerRoute,
    operatorSettingsRoute,
    operatorOrdersRoute,
    operatorOrderRoute,
    operatorAuditRoute,
    operatorDeliveriesRoute,
    operatorProductsRoute,
    operatorNewProductRoute,
    operatorProductRoute,
    operatorCurrenciesRoute,
    operatorNewCurrencyRoute,
    operatorCurrencyRoute,
    operatorPagesRoute,
    operatorNewPageRoute,
    operatorPageRoute,
    operatorGameServersRoute,
    operatorLanguagesRoute,
    operatorLanguageRoute,
    operatorSocialLinksRoute,
  ]),
  shopRoute,
  cartRoute,
  rulesRoute,
  faqRoute,
  staticPageRoute,
  staticPageBySlugRoute,
  notFoundRoute,
]);

export function createAppRouter(
  context: RouterContext,
  history?: Parameters<typeof createRouter>[0]['history'],
) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    scrollRestoration: false,
    // A loader that waits for its screen's data (docs/architecture.md §2) shows a spinner if it takes a moment.
    defaultPendingComponent: PagePending,
    defaultPendingMs: 300,
    // A failed page stays in the shell with a message and Retry (docs/decisions/0027). The router's
    // own last-resort boundary, which would show its English error screen, is replaced by AppRoot's.
    defaultErrorComponent: RouteError,
    disableGlobalCatchBoundary: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
