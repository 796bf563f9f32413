import type { Middleware } from 'openapi-fetch';
import { type ApiError, errorFromFailure, errorFromResponse } from '../errors';

export interface ApiHookEvent {
  error: ApiError;
  method: string;
  /** The contract path, e.g. '/user/profile'. */
  path: string;
}

export type ApiHookListener = (event: ApiHookEvent) => void;

export interface IncomingOptions {
  unauthorized: (event: ApiHookEvent) => void;
  unverified: (event: ApiHookEvent) => void;
}

/**
 * docs/product.md §4: "a 401 on logout is silently ignored". Logout clears local state whatever the server
 * says, so its 401 does not also report an expired session; the caller still gets the error.
 */
const UNAUTHORIZED_HOOK_EXEMPT = new Set(['POST /logout']);

/**
 * Reports every 401 and every 403 'Your email address is not verified.' to the session, and
 * turns a request that got no response into an ApiError ('network', 'timeout' or 'cancelled').
 */
export function incoming(options: IncomingOptions): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      if (response.status !== 401 && response.status !== 403) return undefined;
      const error = errorFromResponse(response, await readJson(response.clone()));
      const method = request.method.toUpperCase();
      const event = { error, method, path: schemaPath };
      if (error.kind === 'unauthorized' && !UNAUTHORIZED_HOOK_EXEMPT.has(`${method} ${schemaPath}`)) {
        options.unauthorized(event);
      } else if (error.kind === 'unverified') {
        options.unverified(event);
      }
      return undefined;
    },
    onError({ request, error }) {
      return errorFromFailure(error, request.signal);
    },
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
