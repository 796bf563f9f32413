/**
 * Which slugs a static page may have. A page is served at `/{slug}` (docs/product.md §2), after
 * the app's own routes: a page named like one of them could never be reached there, and the
 * server keeps `/api` and `/assets` for itself. tests/domain/page-slugs.test.ts checks this list
 * against the route files.
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'account',
  'api',
  'assets',
  'cart',
  'email',
  'email-verification',
  'fail-payment',
  'forgot-password',
  'images',
  'login',
  'operator',
  'pending-payment',
  'processing-payment',
  'register',
  'reset-password',
  'reset-password-confirm',
  'shop',
  'static-page',
  'success-payment',
]);

/** Pages the app shows at routes of its own (/rules, /faq): they keep their slug and cannot be removed. */
export const APP_PAGE_SLUGS: ReadonlySet<string> = new Set(['rules', 'faq']);

/** The same pattern as the contract's `Slug` (`/static-pages/{idOrSlug}`, the router's `/$slug`). */
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isReservedPageSlug(slug: string): boolean {
  return RESERVED_PAGE_SLUGS.has(slug);
}

/** The cookie banner's page is the first whose title contains "cookie" (docs/product.md §2). */
export function titleNamesCookies(title: string): boolean {
  return title.toLowerCase().includes('cookie');
}
