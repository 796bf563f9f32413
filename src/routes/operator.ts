import { createRoute, notFound } from '@tanstack/react-router';
import { type AnyActorRef, type SnapshotFrom, waitFor } from 'xstate';
import { validDay } from '../../domain/days';
import type { languageMachine } from '../../machines/language';
import type { AuditSearch } from '../../machines/operator/audit';
import type { DeliveriesSearch, DeliveryState } from '../../machines/operator/deliveries';
import type { OrderStatus, OrdersSearch } from '../../machines/operator/orders';
import type { EditorLanguage } from '../../machines/operator/versionedRecord';
import { topUpTermsOf } from '../../machines/topUpTerms';
import { SectionError } from '../features/shell/RouteError';
import { requireLogin } from './guards';
import { lazyRouteComponent } from './lazy-route';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

/**
 * /operator: the operator console, a lazy area of the app (docs/architecture.md §3b,
 * docs/decisions/0044-operator-console.md). Only this route table is in the first load: its
 * screens, their machines and providers and its messages come with the first /operator route. A
 * guest signs in first; whether the account is an operator the API decides (operatorAccess), and
 * a customer gets the app's not-found page at the same address: the console does not say it exists.
 */
export const operatorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/operator',
  staticData: { name: 'Operator', access: 'protected', header: 'solid' },
  beforeLoad: async (args) => {
    await requireLogin(args);
    const access = await args.context.screens.start('operatorAccess', undefined);
    // The console or the not-found page: the area's first paint needs the answer.
    await waitFor(access, (snapshot) => !snapshot.matches('checking'));
    if (access.getSnapshot().matches('forbidden')) {
      args.context.screens.stop('operatorAccess', access);
      throw notFound();
    }
    return { operatorAccess: access };
  },
  loader: ({ context }) => ({ screen: context.operatorAccess }),
  ...screenLifecycle('operatorAccess'),
  component: lazyRouteComponent(() => import('../features/operator/OperatorLayout'), 'OperatorLayout'),
});

/** The pages' pending and error views stay inside the console's <main>. */
const inConsole = { errorComponent: SectionError };

/** /operator itself: the overview, the console's landing page. */
export const operatorIndexRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: '/',
  staticData: { name: 'OperatorOverview', access: 'protected', header: 'solid' },
  loader: async ({ context }) => ({ screen: await context.screens.start('operatorOverview', undefined) }),
  ...screenLifecycle('operatorOverview'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/OverviewPage'), 'OverviewPage'),
});

export interface CustomersSearch {
  q?: string | undefined;
}

/** `?q=` as typed (trimmed, at most the API's 254 characters); anything else is dropped (ADR 0030). */
export function validateCustomersSearch(search: Record<string, unknown>): CustomersSearch {
  const q = typeof search.q === 'string' ? search.q.trim() : '';
  return { q: q !== '' && q.length <= 254 ? q : undefined };
}

export const operatorCustomersRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'customers',
  staticData: { name: 'OperatorCustomers', access: 'protected', header: 'solid' },
  validateSearch: validateCustomersSearch,
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: async ({ context, deps }) => ({
    screen: await context.screens.start('operatorCustomers', { q: deps.q }),
  }),
  ...screenLifecycle('operatorCustomers'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/CustomersPage'), 'CustomersPage'),
});

const MAX_ID = 2147483647;

/** A path's id: a positive integer the API takes, else 0 (not found). */
const pathId = (text: string): number => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID ? id : 0;
};

export const operatorCustomerRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'customers/$customerId',
  staticData: { name: 'OperatorCustomer', access: 'protected', header: 'solid' },
  params: {
    parse: ({ customerId }) => ({ customerId: pathId(customerId) }),
    stringify: ({ customerId }) => ({ customerId: String(customerId) }),
  },
  loader: async ({ context, params }) => {
    if (params.customerId === 0) throw notFound();
    const screen = await context.screens.start('operatorCustomer', { id: params.customerId });
    // A fresh seed per visit: each attempt of the form sends its own Idempotency-Key (ADR 0018).
    const adjustment = await context.screens.start('balanceAdjustment', {
      customerId: params.customerId,
      seed: crypto.randomUUID(),
    });
    return { screen, adjustment };
  },
  ...screenLifecycle('operatorCustomer', 'balanceAdjustment'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/CustomerPage'), 'CustomerPage'),
});

/** /operator/settings: the store settings' form. */
export const operatorSettingsRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'settings',
  staticData: { name: 'OperatorSettings', access: 'protected', header: 'solid' },
  loader: async ({ context }) => ({
    // min_top_up is in the store's default currency: the form shows it in that currency's decimals.
    screen: await context.screens.start('operatorSettings', {
      currency: topUpTermsOf(context.app.system).base.code,
    }),
  }),
  ...screenLifecycle('operatorSettings'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/SettingsPage'), 'SettingsPage'),
});

/** A text filter as typed (trimmed, at most `max` characters), or undefined. */
const textFilter = (value: unknown, max: number): string | undefined => {
  const text = typeof value === 'string' ? value.trim() : '';
  return text !== '' && text.length <= max ? text : undefined;
};
const dayFilter = (value: unknown): string | undefined => validDay(value) ?? undefined;

const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'failed', 'cancelled', 'expired'];

export type OrdersAddress = { [K in keyof OrdersSearch]?: OrdersSearch[K] | undefined };

/** `?q=&status=&from=&until=` as the API takes them; anything else is dropped (ADR 0030). */
export function validateOrdersSearch(search: Record<string, unknown>): OrdersAddress {
  const status = ORDER_STATUSES.find((known) => known === search.status);
  return {
    q: textFilter(search.q, 254),
    status,
    from: dayFilter(search.from),
    until: dayFilter(search.until),
  };
}

export const operatorOrdersRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'orders',
  staticData: { name: 'OperatorOrders', access: 'protected', header: 'solid' },
  validateSearch: validateOrdersSearch,
  loaderDeps: ({ search }): OrdersSearch => ({
    q: search.q ?? '',
    status: search.status ?? '',
    from: search.from ?? '',
    until: search.until ?? '',
  }),
  loader: async ({ context, deps }) => ({ screen: await context.screens.start('operatorOrders', deps) }),
  ...screenLifecycle('operatorOrders'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/OrdersPage'), 'OrdersPage'),
});

export const operatorOrderRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'orders/$orderId',
  staticData: { name: 'OperatorOrder', access: 'protected', header: 'solid' },
  params: {
    parse: ({ orderId }) => ({ orderId: pathId(orderId) }),
    stringify: ({ orderId }) => ({ orderId: String(orderId) }),
  },
  loader: async ({ context, params }) => {
    if (params.orderId === 0) throw notFound();
    const screen = await context.screens.start('operatorOrder', { id: params.orderId });
    // A fresh seed per visit: each attempt of the refund sends its own Idempotency-Key (ADR 0044).
    const refund = await context.screens.start('refund', {
      orderId: params.orderId,
      seed: crypto.randomUUID(),
    });
    return { screen, refund };
  },
  ...screenLifecycle('operatorOrder', 'refund'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/OrderPage'), 'OrderPage'),
});

export type AuditAddress = { [K in keyof AuditSearch]?: string | undefined };

/** `?entity=&entity_id=&actor=&from=&until=` within the API's bounds; anything else is dropped (ADR 0030). */
export function validateAuditSearch(search: Record<string, unknown>): AuditAddress {
  return {
    entity: textFilter(search.entity, 64),
    entity_id: textFilter(search.entity_id, 64),
    actor: textFilter(search.actor, 254),
    from: dayFilter(search.from),
    until: dayFilter(search.until),
  };
}

export const operatorAuditRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'audit',
  staticData: { name: 'OperatorAudit', access: 'protected', header: 'solid' },
  validateSearch: validateAuditSearch,
  loaderDeps: ({ search }): AuditSearch => ({
    entity: search.entity ?? '',
    entity_id: search.entity_id ?? '',
    actor: search.actor ?? '',
    from: search.from ?? '',
    until: search.until ?? '',
  }),
  loader: async ({ context, deps }) => ({ screen: await context.screens.start('operatorAudit', deps) }),
  ...screenLifecycle('operatorAudit'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/AuditPage'), 'AuditPage'),
});

// Not machines/operator/deliveries.ts's list: that module (a form machine) stays off the first load.
const DELIVERY_STATES: readonly DeliveryState[] = ['queued', 'leased', 'done', 'failed', 'uncertain'];

/**
 * The deliveries' address: ids as numbers (the router writes a string of digits as JSON, `"42"`),
 * the rest as the list's filters.
 */
export interface DeliveriesAddress {
  state?: DeliveriesSearch['state'] | undefined;
  game_server_id?: number | undefined;
  order_id?: number | undefined;
  player?: string | undefined;
}

/** An id filter: a positive integer the API takes, or undefined. */
const idFilter = (value: unknown): number | undefined => {
  const id = pathId(
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '',
  );
  return id === 0 ? undefined : id;
};

/** `?state=&game_server_id=&order_id=&player=` as the API takes them; anything else is dropped (ADR 0030). */
export function validateDeliveriesSearch(search: Record<string, unknown>): DeliveriesAddress {
  return {
    state: DELIVERY_STATES.find((known) => known === search.state),
    game_server_id: idFilter(search.game_server_id),
    order_id: idFilter(search.order_id),
    player: textFilter(search.player, 32),
  };
}

/** /operator/deliveries: the list with its filters (the game servers by name), Requeue and Resolve. */
export const operatorDeliveriesRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'deliveries',
  staticData: { name: 'OperatorDeliveries', access: 'protected', header: 'solid' },
  validateSearch: validateDeliveriesSearch,
  loaderDeps: ({ search }): DeliveriesSearch => ({
    state: search.state ?? '',
    game_server_id: search.game_server_id === undefined ? '' : String(search.game_server_id),
    order_id: search.order_id === undefined ? '' : String(search.order_id),
    player: search.player ?? '',
  }),
  loader: async ({ context, deps }) => {
    // The servers' names for the filter and the rows' form; keyed by screen name, as onLeave stops them.
    const [screen, operatorGameServers, deliveryAction] = await Promise.all([
      context.screens.start('operatorDeliveries', deps),
      context.screens.start('operatorGameServers', undefined),
      context.screens.start('deliveryAction', undefined),
    ]);
    return { screen, operatorGameServers, deliveryAction };
  },
  ...screenLifecycle('operatorDeliveries', 'operatorGameServers', 'deliveryAction'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/DeliveriesPage'), 'DeliveriesPage'),
});

/** The store's languages as the language actor holds them, the default first: a product has a text in each. */
function editorLanguagesOf(system: { get: (id: string) => AnyActorRef | undefined }): EditorLanguage[] {
  const language = system.get('language')?.getSnapshot() as SnapshotFrom<typeof languageMachine> | undefined;
  return (language?.context.languages ?? [])
    .map((each) => ({ code: each.code, title: each.title, default: each.default === 1 }))
    .sort((a, b) => Number(b.default) - Number(a.default));
}

export const operatorProductsRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'products',
  staticData: { name: 'OperatorProducts', access: 'protected', header: 'solid' },
  loader: async ({ context }) => ({ screen: await context.screens.start('operatorProducts', undefined) }),
  ...screenLifecycle('operatorProducts'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/ProductsPage'), 'ProductsPage'),
});

export const operatorNewProductRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'products/new',
  staticData: { name: 'OperatorNewProduct', access: 'protected', header: 'solid' },
  loader: async ({ context }) => ({
    screen: await context.screens.start('productEditor', {
      id: null,
      languages: editorLanguagesOf(context.app.system),
    }),
  }),
  ...screenLifecycle('productEditor'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/ProductPage'), 'ProductPage'),
});

export const operatorProductRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'products/$productId',
  staticData: { name: 'OperatorProduct', access: 'protected', header: 'solid' },
  params: {
    parse: ({ productId }) => ({ productId: pathId(productId) }),
    stringify: ({ productId }) => ({ productId: String(productId) }),
  },
  loader: async ({ context, params }) => {
    if (params.productId === 0) throw notFound();
    const [screen, commands] = await Promise.all([
      context.screens.start('productEditor', {
        id: params.productId,
        languages: editorLanguagesOf(context.app.system),
      }),
      context.screens.start('productCommands', { productId: params.productId }),
    ]);
    return { screen, commands };
  },
  ...screenLifecycle('productEditor', 'productCommands'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/ProductPage'), 'ProductPage'),
});

export const operatorCurrenciesRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'currencies',
  staticData: { name: 'OperatorCurrencies', access: 'protected', header: 'solid' },
  loader: async ({ context }) => ({ screen: await context.screens.start('operatorCurrencies', undefined) }),
  ...screenLifecycle('operatorCurrencies'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/CurrenciesPage'), 'CurrenciesPage'),
});

/** A path's currency code: three capitals, else not found. */
const pathCode = (text: string): string => (/^[A-Z]{3}$/.test(text) ? text : '');

export const operatorNewCurrencyRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'currencies/new',
  staticData: { name: 'OperatorNewCurrency', access: 'protected', header: 'solid' },
  loader: async ({ context }) => ({
    screen: await context.screens.start('currencyEditor', {
      code: null,
      base: topUpTermsOf(context.app.system).base.code,
    }),
  }),
  ...screenLifecycle('currencyEditor'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/CurrencyPage'), 'CurrencyPage'),
});

export const operatorCurrencyRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'currencies/$code',
  staticData: { name: 'OperatorCurrency', access: 'protected', header: 'solid' },
  params: {
    parse: ({ code }) => ({ code: pathCode(code) }),
    stringify: ({ code }) => ({ code }),
  },
  loader: async ({ context, params }) => {
    if (params.code === '') throw notFound();
    return {
      screen: await context.screens.start('currencyEditor', {
        code: params.code,
        base: topUpTermsOf(context.app.system).base.code,
      }),
    };
  },
  ...screenLifecycle('currencyEditor'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/CurrencyPage'), 'CurrencyPage'),
});

export const operatorPagesRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'pages',
  staticData: { name: 'OperatorPages', access: 'protected', header: 'solid' },
  loader: async ({ context }) => ({ screen: await context.screens.start('operatorPages', undefined) }),
  ...screenLifecycle('operatorPages'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/PagesPage'), 'PagesPage'),
});

export const operatorNewPageRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'pages/new',
  staticData: { name: 'OperatorNewPage', access: 'protected', header: 'solid' },
  loader: async ({ context }) => ({
    screen: await context.screens.start('pageEditor', {
      id: null,
      languages: editorLanguagesOf(context.app.system),
    }),
  }),
  ...screenLifecycle('pageEditor'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/PageEditorPage'), 'PageEditorPage'),
});

export const operatorPageRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'pages/$pageId',
  staticData: { name: 'OperatorPage', access: 'protected', header: 'solid' },
  params: {
    parse: ({ pageId }) => ({ pageId: pathId(pageId) }),
    stringify: ({ pageId }) => ({ pageId: String(pageId) }),
  },
  loader: async ({ context, params }) => {
    if (params.pageId === 0) throw notFound();
    return {
      screen: await context.screens.start('pageEditor', {
        id: params.pageId,
        languages: editorLanguagesOf(context.app.system),
      }),
    };
  },
  ...screenLifecycle('pageEditor'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/PageEditorPage'), 'PageEditorPage'),
});
/** /operator/game-servers: the servers, adding one, renaming one, giving one a new secret. */
export const operatorGameServersRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'game-servers',
  staticData: { name: 'OperatorGameServers', access: 'protected', header: 'solid' },
  loader: async ({ context }) => {
    const [screen, add, rename] = await Promise.all([
      context.screens.start('operatorGameServers', undefined),
      context.screens.start('gameServerAdd', undefined),
      context.screens.start('gameServerRename', undefined),
    ]);
    return { screen, add, rename };
  },
  ...screenLifecycle('operatorGameServers', 'gameServerAdd', 'gameServerRename'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/GameServersPage'), 'GameServersPage'),
});

/** /operator/languages: every language with its counts of messages and missing ones; adding one. */
export const operatorLanguagesRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'languages',
  staticData: { name: 'OperatorLanguages', access: 'protected', header: 'solid' },
  loader: async ({ context }) => {
    const [screen, add] = await Promise.all([
      context.screens.start('operatorLanguages', undefined),
      context.screens.start('languageAdd', undefined),
    ]);
    return { screen, add };
  },
  ...screenLifecycle('operatorLanguages', 'languageAdd'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/LanguagesPage'), 'LanguagesPage'),
});

export interface MessagesAddress {
  q?: string | undefined;
  /** 1: only the missing messages (the address's `missing=1`, which the router reads as a number). */
  missing?: 1 | undefined;
  page?: number | undefined;
}

/** `?q=&missing=1&page=` within the API's bounds; anything else is dropped (ADR 0030). */
export function validateMessagesSearch(search: Record<string, unknown>): MessagesAddress {
  const page = Number(search.page);
  return {
    q: textFilter(search.q, 200),
    missing: search.missing === '1' || search.missing === 1 ? 1 : undefined,
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : undefined,
  };
}

/** /operator/languages/$languageId: a language's messages beside the default's, edited one at a time. */
export const operatorLanguageRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'languages/$languageId',
  staticData: { name: 'OperatorLanguage', access: 'protected', header: 'solid' },
  params: {
    parse: ({ languageId }) => ({ languageId: pathId(languageId) }),
    stringify: ({ languageId }) => ({ languageId: String(languageId) }),
  },
  validateSearch: validateMessagesSearch,
  loaderDeps: ({ search }) => ({
    q: search.q ?? '',
    missing: search.missing === 1 ? '1' : '',
    page: search.page ?? 1,
  }),
  loader: async ({ context, params, deps }) => {
    if (params.languageId === 0) throw notFound();
    const [screen, edit] = await Promise.all([
      context.screens.start('languageMessages', {
        id: params.languageId,
        search: { q: deps.q, missing: deps.missing },
        page: deps.page,
      }),
      context.screens.start('translationEdit', { languageId: params.languageId }),
    ]);
    return { screen, edit };
  },
  ...screenLifecycle('languageMessages', 'translationEdit'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/LanguagePage'), 'LanguagePage'),
});

/** /operator/social-links: the home page's social links, added, changed, removed and reordered. */
export const operatorSocialLinksRoute = createRoute({
  getParentRoute: () => operatorRoute,
  path: 'social-links',
  staticData: { name: 'OperatorSocialLinks', access: 'protected', header: 'solid' },
  loader: async ({ context }) => {
    const [screen, form] = await Promise.all([
      context.screens.start('operatorSocialLinks', undefined),
      context.screens.start('socialLinkForm', undefined),
    ]);
    return { screen, form };
  },
  ...screenLifecycle('operatorSocialLinks', 'socialLinkForm'),
  ...inConsole,
  component: lazyRouteComponent(() => import('../features/operator/SocialLinksPage'), 'SocialLinksPage'),
});
