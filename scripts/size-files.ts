// What `npm run size` counts, from the built app (dist/app): the JavaScript files of the first load
// of `/` and each route's own files. tests/e2e/first-load.e2e.ts checks the same lists against what
// Chromium really fetches, so a part that loads by itself (at once, on idle) and is not counted
// here fails that test (docs/decisions/0032).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const DIST = 'dist/app';
/** The first-load budget (ADR 0032). The libraries alone take ~100 KB of it (docs/decisions/0032): not met yet. */
export const BUDGET_BYTES = 120 * 1024;
/** The route budget (ADR 0017): a route's own code, beyond what the first load of `/` already fetched. */
export const ROUTE_BUDGET_BYTES = 40 * 1024;
/** Source modules that `/` loads lazily on its first render (route chunks of the home page). */
const FIRST_LOAD_OF_HOME = [/^src\/routes\/index\.tsx?$/, /^src\/features\/home\//];

/**
 * What a route loads to show itself (its lazy components, its layout's and the screen module its
 * loader starts: src/routes/*.ts, src/bootstrap/screen-runner.ts, and any lazy part it renders at once),
 * and what it loads later on a customer's action. Listed by hand; a module that is no longer a
 * chunk of the build stops the check.
 */
export interface RouteModules {
  /** Loaded by the route without any interaction (at once, or on idle). */
  arrival: readonly string[];
  later?: readonly string[];
  laterWhen?: string;
  /** A known excess over the route budget, with its reason: printed, and not failing the check. */
  knownOver?: string;
}
/**
 * The operator console's own modules (docs/decisions/0044-operator-console.md): they load only
 * when an operator opens /operator, so none may be in the first load or in a customer route's
 * files. The route table (src/routes/operator.ts) is not among them: the router needs it.
 */
export const OPERATOR_MODULES: readonly RegExp[] = [
  /^src\/features\/operator\//,
  /^src\/bootstrap\/screens\/operator\//,
  /^machines\/operator\//,
  // The overview's chart library (docs/decisions/0046-overview-chart-library.md).
  /^node_modules\/uplot\//,
];
export const isOperatorModule = (source: string): boolean =>
  OPERATOR_MODULES.some((pattern) => pattern.test(source));

// The console's layout and its screens' registry with the access check (every console route), then
// each route's page and the screen modules its loader starts (src/bootstrap/screens/operator/registry.ts).
const OPERATOR = ['src/features/operator/OperatorLayout.tsx', 'src/bootstrap/screens/operator/registry.ts'];
const consoleRoute = (page: string, ...screens: string[]): RouteModules => ({
  arrival: [
    ...OPERATOR,
    `src/features/operator/${page}.tsx`,
    ...screens.map((screen) => `src/bootstrap/screens/operator/${screen}.ts`),
  ],
});
const ACCOUNT = ['src/features/account/AccountLayout.tsx', 'src/bootstrap/screens/account.ts'];
export const ROUTE_MODULES: Record<string, RouteModules> = {
  '/account/profile': {
    arrival: [...ACCOUNT, 'src/features/account/ProfileTab.tsx'],
    later: ['src/features/account/ProfileForm.tsx', 'src/components/Select/Select.tsx'],
    laterWhen: 'Edit opens the form',
  },
  '/account/balance': { arrival: [...ACCOUNT, 'src/features/account/BalanceTab.tsx'] },
  '/account/order-history': {
    arrival: [...ACCOUNT, 'src/features/account/OrderHistoryTab.tsx', 'src/bootstrap/screens/cart.ts'],
  },
  '/account/change-password': { arrival: [...ACCOUNT, 'src/features/account/ChangePasswordTab.tsx'] },
  '/account/change-email': { arrival: [...ACCOUNT, 'src/features/account/ChangeEmailTab.tsx'] },
  '/account/your-data': { arrival: [...ACCOUNT, 'src/features/account/YourDataTab.tsx'] },
  '/account/balance-history': { arrival: [...ACCOUNT, 'src/features/account/BalanceHistoryTab.tsx'] },
  '/account/orders/{id}': { arrival: [...ACCOUNT, 'src/features/account/OrderPage.tsx'] },
  '/shop': {
    arrival: ['src/features/shop/ProductListPage.tsx', 'src/bootstrap/screens/shop.ts'],
    later: ['src/features/shop/ProductDialog.tsx'],
    laterWhen: 'a product opens',
  },
  '/cart': { arrival: ['src/features/cart/CartPage.tsx', 'src/bootstrap/screens/cart.ts'] },
  '/login': { arrival: ['src/features/auth/LoginPage.tsx', 'src/bootstrap/screens/auth.ts'] },
  '/login/link': { arrival: ['src/features/auth/LoginLinkPage.tsx', 'src/bootstrap/screens/auth.ts'] },
  '/register': {
    // The phone library loads on the form's first use; what is typed before is read once it has.
    arrival: ['src/features/auth/RegisterPage.tsx', 'src/bootstrap/screens/auth.ts'],
    later: [
      'src/components/Select/Select.tsx',
      'src/components/lazy/AriaLocale.tsx',
      'src/features/forms/phone.ts',
    ],
    laterWhen: 'the form is first used (the country ComboBox, the phone library)',
  },
  '/forgot-password': {
    arrival: ['src/features/auth/ForgotPasswordPage.tsx', 'src/bootstrap/screens/auth.ts'],
  },
  '/reset-password': {
    arrival: ['src/features/auth/ResetPasswordPage.tsx', 'src/bootstrap/screens/auth.ts'],
  },
  '/rules': { arrival: ['src/features/pages/RulesPage.tsx', 'src/bootstrap/screens/pages.ts'] },
  '/faq': { arrival: ['src/features/pages/FaqPage.tsx', 'src/bootstrap/screens/pages.ts'] },
  '/{slug} (static page)': {
    arrival: ['src/features/pages/StaticPageView.tsx', 'src/bootstrap/screens/pages.ts'],
  },
  '/email-verified': {
    arrival: ['src/features/email/EmailVerifiedPage.tsx', 'src/bootstrap/screens/email.ts'],
  },
  '/success-payment': {
    arrival: ['src/features/payment/PaymentSuccessPage.tsx', 'src/bootstrap/screens/payment.ts'],
  },
  '/operator (overview)': {
    arrival: [...consoleRoute('OverviewPage', 'overview').arrival, 'node_modules/uplot/dist/uPlot.esm.js'],
    knownOver:
      'uPlot, 21.5 KB gzip, the smallest maintained chart library (ADR 0046); an operator screen, loaded after the page shows',
  },
  '/operator/settings': consoleRoute('SettingsPage', 'settings'),
  '/operator/customers': consoleRoute('CustomersPage', 'customers'),
  '/operator/customers/{id}': consoleRoute('CustomerPage', 'customer'),
  '/operator/orders': consoleRoute('OrdersPage', 'orders'),
  '/operator/orders/{id}': consoleRoute('OrderPage', 'order'),
  '/operator/audit': consoleRoute('AuditPage', 'audit'),
  '/operator/products': consoleRoute('ProductsPage', 'products'),
  '/operator/products/{id}': {
    ...consoleRoute('ProductPage', 'productEditor'),
    knownOver:
      "the console's largest form, two at once (the product with its texts per language and image, its delivery commands): react-aria's button, text field and checkbox (~20 KB) and the form machine come with it",
  },
  '/operator/pages': consoleRoute('PagesPage', 'pages'),
  '/operator/pages/{id}': consoleRoute('PageEditorPage', 'pageEditor'),
  '/operator/languages': consoleRoute('LanguagesPage', 'languages'),
  '/operator/languages/{id}': consoleRoute('LanguagePage', 'languages'),
  '/operator/social-links': consoleRoute('SocialLinksPage', 'socialLinks'),
  '/operator/deliveries': consoleRoute('DeliveriesPage', 'deliveries', 'gameServers'),
  '/operator/currencies': consoleRoute('CurrenciesPage', 'currencies'),
  '/operator/currencies/{code}': consoleRoute('CurrencyPage', 'currencyEditor'),
  '/operator/game-servers': consoleRoute('GameServersPage', 'gameServers'),
};

type Chunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};

export interface Build {
  /** The first load of `/`: the JavaScript files (paths under dist/app, e.g. `assets/ui-….js`). */
  firstLoad: string[];
  /** The files of `modules` (source paths) with their static imports, minus the first load. */
  ownFiles(modules: readonly string[]): string[];
  gzipSize(file: string): number;
  /** Every module the app imports lazily (route components, screen modules, lazy parts), by source path. */
  lazyModules: string[];
  /** The source modules bundled into `file` (from its source map), as paths from the repository root. */
  sourcesOf(file: string): string[];
}

/**
 * The manifest with a package's modules keyed from `node_modules/` on: where node_modules is a
 * link to another checkout's (a git worktree), Vite keys them by the path it resolves to
 * (`../../other/node_modules/…`).
 */
function withPackageKeys(manifest: Record<string, Chunk>): Record<string, Chunk> {
  const key = (name: string) => name.replace(/^(?:\.\.\/|[^/]+\/)*?(?=node_modules\/)/, '');
  const rekeyed = (chunk: Chunk): Chunk => ({
    ...chunk,
    ...(chunk.src === undefined ? {} : { src: key(chunk.src) }),
    ...(chunk.imports === undefined ? {} : { imports: chunk.imports.map(key) }),
    ...(chunk.dynamicImports === undefined ? {} : { dynamicImports: chunk.dynamicImports.map(key) }),
  });
  return Object.fromEntries(Object.entries(manifest).map(([name, chunk]) => [key(name), rekeyed(chunk)]));
}

/**
 * The scripts the built index.html loads or preloads (the entry, and the start-up and UI that
 * src/main.tsx imports dynamically at once), everything they import statically (Vite's manifest),
 * and the lazy chunks of the modules `/` renders on first load (with their static imports).
 */
export function readBuild(dist = DIST): Build {
  const manifest = withPackageKeys(
    JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>,
  );
  const withStaticImports = (keys: readonly string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      withStaticImports(manifest[key]?.imports ?? [], seen);
    }
    return seen;
  };
  const scriptsOf = (keys: Set<string>) =>
    [...keys]
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => Boolean(file?.endsWith('.js')));

  const page = readFileSync(join(dist, 'index.html'), 'utf8');
  const pageScripts = new Set(
    [...page.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
      (match) => match[1],
    ),
  );
  const entries = Object.keys(manifest).filter(
    (key) => manifest[key]?.isEntry || pageScripts.has(manifest[key]?.file ?? ''),
  );
  const homeChunks = Object.keys(manifest).filter((key) =>
    FIRST_LOAD_OF_HOME.some((pattern) => pattern.test(manifest[key]?.src ?? key)),
  );
  const firstLoad = scriptsOf(withStaticImports([...entries, ...homeChunks])).sort();
  const firstLoadSet = new Set(firstLoad);

  const gzipSizes = new Map<string, number>();
  return {
    firstLoad,
    lazyModules: Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry),
    ownFiles(modules) {
      const missing = modules.filter((module) => manifest[module] === undefined);
      if (missing.length > 0) throw new Error(`size: not chunks of the build: ${missing.join(', ')}`);
      return scriptsOf(withStaticImports(modules)).filter((file) => !firstLoadSet.has(file));
    },
    sourcesOf(file) {
      const mapFile = join(dist, `${file}.map`);
      // Without a map a chunk holds no module of ours: a re-export facade or the bundler's runtime.
      if (!existsSync(mapFile)) return [];
      const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; sourceRoot?: string };
      return map.sources.map((source) =>
        relative(process.cwd(), resolve(dirname(mapFile), map.sourceRoot ?? '', source))
          .split('\\')
          .join('/'),
      );
    },
    gzipSize(file) {
      let size = gzipSizes.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
        gzipSizes.set(file, size);
      }
      return size;
    },
  };
}
