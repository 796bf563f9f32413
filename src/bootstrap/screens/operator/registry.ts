import type { AnyActorLogic } from 'xstate';
import type { ApiClient } from '../../../api';
import { accessScreens } from './access';
import type { auditScreens } from './audit';
import type { currenciesScreens } from './currencies';
import type { currencyEditorScreens } from './currencyEditor';
import type { customerScreens } from './customer';
import type { customersScreens } from './customers';
import type { deliveriesScreens } from './deliveries';
import type { gameServersScreens } from './gameServers';
import type { languagesScreens } from './languages';
import type { orderScreens } from './order';
import type { ordersScreens } from './orders';
import type { overviewScreens } from './overview';
import type { pageEditorScreens } from './pageEditor';
import type { pagesScreens } from './pages';
import type { productEditorScreens } from './productEditor';
import type { productsScreens } from './products';
import type { settingsScreens } from './settings';
import type { socialLinksScreens } from './socialLinks';

type Provider = (api: ApiClient) => AnyActorLogic;

/**
 * The console's screens (docs/decisions/0044-operator-console.md), loaded with the first /operator
 * route: one module per group of screens a route starts, so that a console route fetches only its
 * own providers and what they share (./requests.ts; docs/architecture.md §6). The groups are named
 * here rather than in src/bootstrap/screen-runner.ts: each lazy module named there costs the first
 * load of `/` its loader and its list of files to preload.
 */
const groups = {
  // The access check runs on every console route: it comes with this registry, in one file.
  access: () => Promise.resolve(accessScreens),
  overview: () => import('./overview').then((module) => module.overviewScreens),
  customers: () => import('./customers').then((module) => module.customersScreens),
  customer: () => import('./customer').then((module) => module.customerScreens),
  settings: () => import('./settings').then((module) => module.settingsScreens),
  orders: () => import('./orders').then((module) => module.ordersScreens),
  order: () => import('./order').then((module) => module.orderScreens),
  audit: () => import('./audit').then((module) => module.auditScreens),
  deliveries: () => import('./deliveries').then((module) => module.deliveriesScreens),
  gameServers: () => import('./gameServers').then((module) => module.gameServersScreens),
  products: () => import('./products').then((module) => module.productsScreens),
  productEditor: () => import('./productEditor').then((module) => module.productEditorScreens),
  currencies: () => import('./currencies').then((module) => module.currenciesScreens),
  currencyEditor: () => import('./currencyEditor').then((module) => module.currencyEditorScreens),
  pages: () => import('./pages').then((module) => module.pagesScreens),
  pageEditor: () => import('./pageEditor').then((module) => module.pageEditorScreens),
  languages: () => import('./languages').then((module) => module.languagesScreens),
  socialLinks: () => import('./socialLinks').then((module) => module.socialLinksScreens),
};

export type OperatorProviders = typeof accessScreens &
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
export type OperatorScreenName = keyof OperatorProviders;

const groupOf: Record<OperatorScreenName, keyof typeof groups> = {
  operatorAccess: 'access',
  operatorCustomers: 'customers',
  operatorCustomer: 'customer',
  balanceAdjustment: 'customer',
  operatorOverview: 'overview',
  operatorSettings: 'settings',
  operatorOrders: 'orders',
  operatorOrder: 'order',
  refund: 'order',
  operatorAudit: 'audit',
  operatorDeliveries: 'deliveries',
  deliveryAction: 'deliveries',
  operatorProducts: 'products',
  productEditor: 'productEditor',
  operatorCurrencies: 'currencies',
  currencyEditor: 'currencyEditor',
  operatorPages: 'pages',
  pageEditor: 'pageEditor',
  operatorGameServers: 'gameServers',
  gameServerAdd: 'gameServers',
  gameServerRename: 'gameServers',
  productCommands: 'productEditor',
  operatorLanguages: 'languages',
  languageAdd: 'languages',
  languageMessages: 'languages',
  translationEdit: 'languages',
  operatorSocialLinks: 'socialLinks',
  socialLinkForm: 'socialLinks',
};

/** The providers of the group that `name` is in: screen names mapped to `(api) => logic`. */
export const operatorScreens = (name: OperatorScreenName): Promise<Record<string, Provider>> =>
  groups[groupOf[name]]();
