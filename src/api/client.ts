import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../domain/contract';
import { errorFromFailure, errorFromRefusal, errorFromResponse, isRefusal } from './errors';
import { type ApiHookListener, incoming } from './middleware/incoming';
import { outgoing } from './middleware/outgoing';

export const DEFAULT_API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 6000;
export const CHECKOUT_TIMEOUT_MS = 60000;
export const CHECKOUT_OPERATION = { method: 'POST', path: '/orders/checkout' } as const;

/** Browser storage keys the client reads (docs/product.md §3). */
export const TOKEN_STORAGE_KEY = 'token';
export const LANGUAGE_STORAGE_KEY = 'languageId';
export const CURRENCY_STORAGE_KEY = 'currency_code';

export interface ApiClientOptions {
  /** Absolute, or relative to `location.origin`. Default: VITE_API_BASE, else '/api'. */
  baseUrl?: string;
  getToken?: () => string | null;
  getLanguageId?: () => number | null;
  getCurrency?: () => string | null;
  fetch?: (request: Request) => Promise<Response>;
  timeouts?: { default?: number; checkout?: number };
}

export interface ApiClient<Paths extends object = paths> extends Client<Paths> {
  /** Called on every 401 except the one from POST /logout. Returns an unsubscribe function. */
  onUnauthorized(listener: ApiHookListener): () => void;
  /** Called on every 403 'Your email address is not verified.'. Returns an unsubscribe function. */
  onUnverified(listener: ApiHookListener): () => void;
}

export function createApiClient<Paths extends object = paths>(
  options: ApiClientOptions = {},
): ApiClient<Paths> {
  const defaultTimeout = options.timeouts?.default ?? REQUEST_TIMEOUT_MS;
  const checkoutTimeout = options.timeouts?.checkout ?? CHECKOUT_TIMEOUT_MS;
  const unauthorized = new Set<ApiHookListener>();
  const unverified = new Set<ApiHookListener>();

  const client = createClient<Paths>({
    baseUrl: resolveBaseUrl(options.baseUrl),
    // Looked up on each call, so msw (which patches globalThis.fetch after import) can intercept.
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
  });
  client.use(
    outgoing({
      getToken: options.getToken ?? (() => readStorage(TOKEN_STORAGE_KEY)),
      getLanguageId: options.getLanguageId ?? storedLanguageId,
      getCurrency: options.getCurrency ?? (() => readStorage(CURRENCY_STORAGE_KEY)),
      timeoutFor: (method, path) =>
        method === CHECKOUT_OPERATION.method && path === CHECKOUT_OPERATION.path
          ? checkoutTimeout
          : defaultTimeout,
    }),
    incoming({
      unauthorized: (event) => {
        for (const listener of unauthorized) listener(event);
      },
      unverified: (event) => {
        for (const listener of unverified) listener(event);
      },
    }),
  );

  return Object.assign(client, {
    onUnauthorized: (listener: ApiHookListener) => subscribe(unauthorized, listener),
    onUnverified: (listener: ApiHookListener) => subscribe(unverified, listener),
  });
}

export function resolveBaseUrl(baseUrl?: string): string {
  const configured: unknown = import.meta.env.VITE_API_BASE;
  const base =
    baseUrl ?? (typeof configured === 'string' && configured !== '' ? configured : DEFAULT_API_BASE);
  if (/^[a-z][a-z\d+.-]*:/i.test(base)) return base;
  if (typeof globalThis.location === 'undefined') {
    throw new Error(`API base '${base}' is relative and there is no location to resolve it against`);
  }
  return new URL(base, globalThis.location.origin).href;
}

/** The shape of an openapi-fetch result: `data` on 2xx, `error` (the parsed body) otherwise. */
export interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Returns the data of a successful call or throws an ApiError. A 2xx body whose `status` is not
 * 'OK' is a failure too (docs/product.md §5). The operation's default text, for a failure without the server's
 * message, is the machine's (machines/text.ts).
 */
export function unwrap<T>(result: ApiResult<T>): T {
  const { response } = result;
  if (!response.ok) throw errorFromResponse(response, result.error);
  if (isRefusal(result.data)) throw errorFromRefusal(response, result.data);
  // openapi-fetch leaves `data` undefined only for bodiless answers (204), typed as such by the schema.
  return result.data as T;
}

/** Awaits a client call, e.g. `call(api.GET('/settings'))`. */
export async function call<T>(pending: Promise<ApiResult<T>>): Promise<T> {
  let result: ApiResult<T>;
  try {
    result = await pending;
  } catch (error) {
    throw errorFromFailure(error, undefined);
  }
  return unwrap(result);
}

function subscribe(listeners: Set<ApiHookListener>, listener: ApiHookListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function storedLanguageId(): number | null {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  if (stored === null || !/^[1-9]\d*$/.test(stored)) return null;
  return Number(stored);
}

/** localStorage is missing outside the browser and throws when storage is blocked. */
function readStorage(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}
