/**
 * The cookies a page is rendered by (docs/decisions/0054): the server reads them to render the
 * first screen the visitor's app will show, so the app hydrates it instead of rendering over it.
 * The browser keeps the language and the currency in its storage (docs/product.md §3) and writes
 * each of these cookies beside it.
 */
export const CONSENT_COOKIE = 'cookie_consent';
/** The chosen language's id, as the `languageId` storage key holds it. */
export const LANGUAGE_COOKIE = 'languageId';
/** The chosen display currency's code, as the `currency_code` storage key holds it. */
export const CURRENCY_COOKIE = 'currency_code';
/** How long the browser keeps each of them. */
export const PAGE_COOKIE_MAX_AGE_DAYS = 365;
