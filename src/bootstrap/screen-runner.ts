import type { ActorRefFrom, AnyActorLogic, AnyActorRef, InputFrom } from 'xstate';
import type { ApiClient } from '../api';
import type { AppActor } from './app-actor';
import type { accountScreens } from './screens/account';
import type { authScreens } from './screens/auth';
import type { cartScreens } from './screens/cart';
import type { emailScreens } from './screens/email';
import type { accessScreens } from './screens/operator/access';
import type { auditScreens } from './screens/operator/audit';
import type { currenciesScreens } from './screens/operator/currencies';
import type { currencyEditorScreens } from './screens/operator/currencyEditor';
import type { customerScreens } from './screens/operator/customer';
import type { customersScreens } from './screens/operator/customers';
import type { deliveriesScreens } from './screens/operator/deliveries';
import type { gameServersScreens } from './screens/operator/gameServers';
import type { languagesScreens } from './screens/operator/languages';
import type { orderScreens } from './screens/operator/order';
import type { ordersScreens } from './screens/operator/orders';
import type { overviewScreens } from './screens/operator/overview';
import type { pageEditorScreens } from './screens/operator/pageEditor';
import type { pagesScreens } from './screens/operator/pages';
import type { productEditorScreens } from './screens/operator/productEditor';
import type { productsScreens } from './screens/operator/products';
import type { settingsScreens } from './screens/operator/settings';
import type { socialLinksScreens } from './screens/operator/socialLinks';
import type { pageScreens } from './screens/pages';
import type { paymentScreens } from './screens/payment';
import type { shopScreens } from './screens/shop';

/**
 * Every screen machine with its implementations provided (docs/architecture.md §2), loaded with the routes that
 * use it (docs/architecture.md §6: the forms stay off the first load). Each module maps screen names to
 * `(api) => logic`.
 */
const screenModules = {
  account: () => import('./screens/account').then((module) => module.accountScreens),
  auth: () => import('./screens/auth').then((module) => module.authScreens),
  cart: () => import('./screens/cart').then((module) => module.cartScreens),
  email: () => import('./screens/email').then((module) => module.emailScreens),
  pages: () => import('./screens/pages').then((module) => module.pageScreens),
  payment: () => import('./screens/payment').then((module) => module.paymentScreens),
  shop: () => import('./screens/shop').then((module) => module.shopScreens),
  // The console: one module per group of screens a route starts, so that a console route loads
  // only its own providers (docs/architecture.md §6).
  'operator/access': () => import('./screens/operator/access').then((module) => module.accessScreens),
  'operator/overview': () => import('./screens/operator/overview').then((module) => module.overviewScreens),
  'operator/customers': () =>
    import('./screens/operator/customers').then((module) => module.customersScreens),
  'operator/customer': () => import('./screens/operator/customer').then((module) => module.customerScreens),
  'operator/settings': () => import('./screens/operator/settings').then((module) => module.settingsScreens),
  'operator/orders': () => import('./screens/operator/orders').then((module) => module.ordersScreens),
  'operator/order': () => import('./screens/operator/order').then((module) => module.orderScreens),
  'operator/audit': () => import('./screens/operator/audit').then((module) => module.auditScreens),
  'operator/deliveries': () =>
    import('./screens/operator/deliveries').then((module) => module.deliveriesScreens),
  'operator/gameServers': () =>
    import('./screens/operator/gameServers').then((module) => module.gameServersScreens),
  'operator/products': () => import('./screens/operator/products').then((module) => module.productsScreens),
  'operator/productEditor': () =>
    import('./screens/operator/productEditor').then((module) => module.productEditorScreens),
  'operator/currencies': () =>
    import('./screens/operator/currencies').then((module) => module.currenciesScreens),
  'operator/currencyEditor': () =>
    import('./screens/operator/currencyEditor').then((module) => module.currencyEditorScreens),
  'operator/pages': () => import('./screens/operator/pages').then((module) => module.pagesScreens),
  'operator/pageEditor': () =>
    import('./screens/operator/pageEditor').then((module) => module.pageEditorScreens),
  'operator/languages': () =>
    import('./screens/operator/languages').then((module) => module.languagesScreens),
  'operator/socialLinks': () =>
    import('./screens/operator/socialLinks').then((module) => module.socialLinksScreens),
};

type Providers = typeof accountScreens &
  typeof authScreens &
  typeof cartScreens &
  typeof emailScreens &
  typeof pageScreens &
  typeof paymentScreens &
  typeof shopScreens &
  typeof accessScreens &
  typeof overviewScreens &
  typeof customersScreens &
  typeof customerScreens &
  typeof settingsScreens &
  typeof ordersScreens &
  typeof orderScreens &
  typeof auditScreens &
  typeof deliveriesScreens &
  typeof gameServersScreens &
  typeof productsScreens &
  typeof productEditorScreens &
  typeof currenciesScreens &
  typeof currencyEditorScreens &
  typeof pagesScreens &
  typeof pageEditorScreens &
  typeof languagesScreens &
  typeof socialLinksScreens;
export type ScreenName = keyof Providers;
export type ScreenLogic<N extends ScreenName> = ReturnType<Providers[N]>;
export type ScreenActor<N extends ScreenName> = ActorRefFrom<ScreenLogic<N>>;

const moduleOf: Record<ScreenName, keyof typeof screenModules> = {
  profileEdit: 'account',
  orders: 'cart',
  changePassword: 'account',
  changeEmail: 'account',
  topUp: 'account',
  signIn: 'auth',
  loginLink: 'auth',
  signUp: 'auth',
  forgotPassword: 'auth',
  resetPassword: 'auth',
  verificationEmail: 'email',
  verificationLink: 'email',
  staticPage: 'pages',
  paymentStatus: 'payment',
  paymentResult: 'payment',
  shop: 'shop',
  checkout: 'cart',
  operatorAccess: 'operator/access',
  operatorCustomers: 'operator/customers',
  operatorCustomer: 'operator/customer',
  balanceAdjustment: 'operator/customer',
  operatorOverview: 'operator/overview',
  operatorSettings: 'operator/settings',
  operatorOrders: 'operator/orders',
  operatorOrder: 'operator/order',
  refund: 'operator/order',
  operatorAudit: 'operator/audit',
  operatorDeliveries: 'operator/deliveries',
  deliveryAction: 'operator/deliveries',
  operatorProducts: 'operator/products',
  productEditor: 'operator/productEditor',
  operatorCurrencies: 'operator/currencies',
  currencyEditor: 'operator/currencyEditor',
  operatorPages: 'operator/pages',
  pageEditor: 'operator/pageEditor',
  operatorGameServers: 'operator/gameServers',
  gameServerAdd: 'operator/gameServers',
  gameServerRename: 'operator/gameServers',
  productCommands: 'operator/productEditor',
  operatorLanguages: 'operator/languages',
  languageAdd: 'operator/languages',
  languageMessages: 'operator/languages',
  translationEdit: 'operator/languages',
  operatorSocialLinks: 'operator/socialLinks',
  socialLinkForm: 'operator/socialLinks',
};

/**
 * Why a screen did not start: the app actor stopped while the route loaded (the page was left: a
 * server render that finished, a reload). There is nothing to show it on any more.
 */
export class AppStoppedError extends Error {
  constructor(screen: ScreenName) {
    super(`The app stopped before the ${screen} screen started`);
    this.name = 'AppStoppedError';
  }
}

export interface ScreenRunner {
  /**
   * The screen's actor for `input`: the running one when it was started with the same input (a
   * preload on intent started it), otherwise a new one in the app's actor system under the
   * screen's name, replacing any other. Rejects with AppStoppedError when the app has stopped.
   */
  start<N extends ScreenName>(name: N, input: InputFrom<ScreenLogic<N>>): Promise<ScreenActor<N>>;
  /** Stops `actor` if it is still the screen's (leaving a route; a newer start is kept). */
  stop(name: ScreenName, actor: AnyActorRef | undefined): void;
}

/**
 * Starts and stops route screens inside the app actor (SCREEN.START / SCREEN.STOP), and forwards
 * each screen's one emitted event, `navigate {to, replace?}`, to the router.
 */
export function createScreenRunner(
  app: AppActor,
  api: ApiClient,
  navigate: (to: string, replace: boolean) => void,
): ScreenRunner {
  const logic = new Map<ScreenName, AnyActorLogic>();
  const keys = new Map<ScreenName, string>();

  async function logicOf(name: ScreenName): Promise<AnyActorLogic> {
    const known = logic.get(name);
    if (known) return known;
    const providers: Record<string, (api: ApiClient) => AnyActorLogic> =
      await screenModules[moduleOf[name]]();
    const provide = providers[name];
    if (!provide) throw new Error(`No screen named ${name}`);
    const provided = provide(api);
    logic.set(name, provided);
    return provided;
  }

  const running = (name: ScreenName): AnyActorRef | undefined => {
    const actor: AnyActorRef | undefined = app.system.get(name);
    return actor?.getSnapshot().status === 'stopped' ? undefined : actor;
  };

  return {
    async start(name, input) {
      const key = JSON.stringify(input ?? null);
      const provided = await logicOf(name);
      // The screen's module loads asynchronously: the app may have stopped meanwhile.
      if (app.getSnapshot().status !== 'active') throw new AppStoppedError(name);
      const current = running(name);
      if (current && keys.get(name) === key) return current as ScreenActor<typeof name>;
      app.send({ type: 'SCREEN.START', systemId: name, logic: provided, input });
      keys.set(name, key);
      const actor: AnyActorRef = app.system.get(name);
      actor.on('navigate', (event: { to: string; replace?: boolean }) =>
        navigate(event.to, event.replace ?? false),
      );
      return actor as ScreenActor<typeof name>;
    },
    stop(name, actor) {
      if (actor === undefined || running(name) !== actor) return;
      keys.delete(name);
      app.send({ type: 'SCREEN.STOP', systemId: name });
    },
  };
}
