import type { ActorRefFrom, AnyActorLogic, AnyActorRef, InputFrom } from 'xstate';
import type { ApiClient } from '../api';
import type { AppActor } from './app-actor';
import type { accountScreens } from './screens/account';
import type { authScreens } from './screens/auth';
import type { cartScreens } from './screens/cart';
import type { emailScreens } from './screens/email';
import type { OperatorProviders, OperatorScreenName } from './screens/operator/registry';
import type { pageScreens } from './screens/pages';
import type { paymentScreens } from './screens/payment';
import type { shopScreens } from './screens/shop';

/**
 * Every screen machine with its implementations provided (docs/architecture.md §2), loaded with the routes that
 * use it (docs/architecture.md §6: the forms stay off the first load). Each loader gives a module's map of
 * screen names to `(api) => logic`; the console's, the map of the named screen's group.
 */
const screenModules = {
  account: () => import('./screens/account').then((module) => module.accountScreens),
  auth: () => import('./screens/auth').then((module) => module.authScreens),
  cart: () => import('./screens/cart').then((module) => module.cartScreens),
  email: () => import('./screens/email').then((module) => module.emailScreens),
  pages: () => import('./screens/pages').then((module) => module.pageScreens),
  payment: () => import('./screens/payment').then((module) => module.paymentScreens),
  shop: () => import('./screens/shop').then((module) => module.shopScreens),
  // The console's own registry names its modules (src/bootstrap/screens/operator/registry.ts).
  operator: (name: ScreenName) =>
    import('./screens/operator/registry').then((module) =>
      module.operatorScreens(name as OperatorScreenName),
    ),
};

type Providers = typeof accountScreens &
  typeof authScreens &
  typeof cartScreens &
  typeof emailScreens &
  typeof pageScreens &
  typeof paymentScreens &
  typeof shopScreens &
  OperatorProviders;
export type ScreenName = keyof Providers;
export type ScreenLogic<N extends ScreenName> = ReturnType<Providers[N]>;
export type ScreenActor<N extends ScreenName> = ActorRefFrom<ScreenLogic<N>>;

const moduleOf: Record<ScreenName, keyof typeof screenModules> = {
  profileEdit: 'account',
  orders: 'cart',
  changePassword: 'account',
  changeEmail: 'account',
  exportData: 'account',
  deleteAccount: 'account',
  topUp: 'account',
  balanceHistory: 'account',
  orderDetail: 'account',
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
  operatorAccess: 'operator',
  operatorCustomers: 'operator',
  operatorCustomer: 'operator',
  balanceAdjustment: 'operator',
  operatorOverview: 'operator',
  operatorSettings: 'operator',
  operatorOrders: 'operator',
  operatorOrder: 'operator',
  refund: 'operator',
  operatorAudit: 'operator',
  operatorDeliveries: 'operator',
  deliveryAction: 'operator',
  operatorProducts: 'operator',
  productEditor: 'operator',
  operatorCurrencies: 'operator',
  currencyEditor: 'operator',
  operatorPages: 'operator',
  pageEditor: 'operator',
  operatorGameServers: 'operator',
  gameServerAdd: 'operator',
  gameServerRename: 'operator',
  productCommands: 'operator',
  operatorLanguages: 'operator',
  languageAdd: 'operator',
  languageMessages: 'operator',
  translationEdit: 'operator',
  operatorSocialLinks: 'operator',
  socialLinkForm: 'operator',
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
      await screenModules[moduleOf[name]](name);
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
