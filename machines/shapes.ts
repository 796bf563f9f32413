import type { components } from '../domain/contract';

/**
 * The contract's shapes (openapi.yaml → domain/contract.d.ts) under the names docs/product.md §3 uses. Money is
 * integer minor units throughout: coins (balance, prices) have 2 decimals.
 */
type Schemas = components['schemas'];

export type UserProfile = Schemas['UserProfile'];
/** The country inside a profile: {id, name, iso}. */
export type ProfileCountry = Schemas['ProfileCountry'];
/** An entry of the country list: {id, title, iso}. */
export type Country = Schemas['Country'];
export type Language = Schemas['Language'];
/** `value` is units of this currency per 1 unit of the default currency; `default` 1 marks the default. */
export type Currency = Schemas['Currency'];
export type CartItem = Schemas['CartItem'];
export type SocialLink = Schemas['SocialLink'];
/** A static page as listed (no content); `is_terms` / `is_privacy` are 1 for those pages. */
export type StaticPageSummary = Schemas['StaticPageSummary'];
/** One static page with its sanitized HTML content. */
export type StaticPage = Schemas['StaticPage'];
export type { Settings } from '../domain/settings';
/** A message as the server sends it: ICU message text, or parsed (`format=ast`, formatjs's AST). */
export type Message = Schemas['LocalizationsResponse']['payload'][string];
export type ProfileUpdate = Omit<Schemas['ProfileUpdateRequest'], 'lang_id' | 'currency'>;

/** What is kept in browser storage for the chosen currency (docs/product.md §3). */
export interface StoredCurrency {
  code: string;
  symbol: string;
}
