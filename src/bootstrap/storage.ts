import {
  CONSENT_COOKIE,
  CURRENCY_COOKIE,
  LANGUAGE_COOKIE,
  PAGE_COOKIE_MAX_AGE_DAYS,
} from '../../domain/page-cookies';
import { CURRENCY_STORAGE_KEY, LANGUAGE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../api';

/** Browser storage keys of docs/product.md §3. */
export const AUTH_SESSION_KEY = 'auth_session';
export const CURRENCY_SYMBOL_KEY = 'currency_symbol';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the session still works for this page.
  }
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

function writeCookie(name: string, value: string, maxAgeDays = PAGE_COOKIE_MAX_AGE_DAYS): void {
  // The server's render runs the same machines, without a document.
  if (typeof document === 'undefined') return;
  const maxAge = maxAgeDays * 24 * 60 * 60;
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** What the app machine starts from (docs/product.md §4: a stored auth_session counts as signed in). */
export function readStoredState() {
  const languageId = Number(read(LANGUAGE_STORAGE_KEY));
  const code = read(CURRENCY_STORAGE_KEY);
  const symbol = read(CURRENCY_SYMBOL_KEY);
  return {
    hasStoredSession: read(AUTH_SESSION_KEY) === 'true',
    storedLanguageId: Number.isInteger(languageId) && languageId > 0 ? languageId : null,
    storedCurrency: code !== null && symbol !== null ? { code, symbol } : null,
    cookieConsent: readCookie(CONSENT_COOKIE),
  };
}

/** The machines' storage actions, implemented on localStorage and document.cookie. */
export const storageActions = {
  persistSession: (token?: string) => {
    write(AUTH_SESSION_KEY, 'true');
    if (token) write(TOKEN_STORAGE_KEY, token);
  },
  clearStoredSession: () => {
    write(AUTH_SESSION_KEY, null);
    write(TOKEN_STORAGE_KEY, null);
  },
  // The language and the currency go to a cookie too: the server renders the first screen in them
  // (docs/decisions/0054).
  persistLanguage: (id: number) => {
    write(LANGUAGE_STORAGE_KEY, String(id));
    writeCookie(LANGUAGE_COOKIE, String(id));
  },
  persistCurrency: (currency: { code: string; symbol: string }) => {
    write(CURRENCY_STORAGE_KEY, currency.code);
    write(CURRENCY_SYMBOL_KEY, currency.symbol);
    writeCookie(CURRENCY_COOKIE, currency.code);
  },
  persistConsent: (cookie: { name: string; value: string; maxAgeDays: number }) =>
    writeCookie(cookie.name, cookie.value, cookie.maxAgeDays),
};
