import { fromPromise } from 'xstate';
import { countryFromIpLookup } from '../../machines/forms/phone';
import type { ResetLinkPayload, RestorePayload } from '../../machines/forms/resetPassword';
import type { AuthSuccess } from '../../machines/forms/signIn';
import type { RegisterPayload } from '../../machines/forms/signUp';
import { type ApiClient, call, REQUEST_TIMEOUT_MS } from '../api';

/**
 * The auth forms' invoked actors on the typed client (docs/product.md §7), with docs/product.md §8's defaults. Kept apart
 * from `apiActors` so they load with the auth screens, not with the first page (docs/architecture.md §6).
 */
export function authActors(api: ApiClient) {
  return {
    login: fromPromise<AuthSuccess, { username: string; password: string }>(async ({ input, signal }) =>
      session(await call(api.POST('/login', { body: input, signal }))),
    ),
    requestLoginLink: fromPromise<string | undefined, { email: string }>(
      async ({ input, signal }) => (await call(api.POST('/login/link', { body: input, signal }))).message,
    ),
    confirmLoginLink: fromPromise<AuthSuccess, { token: string; email: string }>(async ({ input, signal }) =>
      session(await call(api.POST('/login/link/confirm', { body: input, signal }))),
    ),
    register: fromPromise<AuthSuccess, RegisterPayload>(async ({ input, signal }) =>
      session(await call(api.POST('/register', { body: input, signal }))),
    ),
    requestReset: fromPromise<void, { email: string }>(async ({ input, signal }) => {
      await call(api.POST('/user/reset-password', { body: input, signal }));
    }),
    checkResetLink: fromPromise<void, ResetLinkPayload>(async ({ input, signal }) => {
      await call(api.POST('/user/reset-password/check', { body: input, signal }));
    }),
    restorePassword: fromPromise<void, RestorePayload>(async ({ input, signal }) => {
      await call(api.PUT('/user/restore-password', { body: input, signal }));
    }),
    guessCountry: fromPromise<string | null>(({ signal }) => lookupCountry(ipLookupUrl(), signal)),
  };
}

function session(answer: { access_token: string; emailVerified: boolean }): AuthSuccess {
  return { token: answer.access_token, emailVerified: answer.emailVerified };
}

/** The IP-to-country service (docs/product.md §5), configured by VITE_IP_LOOKUP_URL; none when unset. */
function ipLookupUrl(): string | null {
  const configured: unknown = import.meta.env.VITE_IP_LOOKUP_URL;
  return typeof configured === 'string' && configured.trim() !== '' ? configured : null;
}

/** A GET to a third party: any failure (no URL, network, timeout, odd answer) quietly means no guess. */
export async function lookupCountry(url: string | null, signal: AbortSignal): Promise<string | null> {
  if (url === null) return null;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      credentials: 'omit',
    });
    return response.ok ? countryFromIpLookup(await response.text()) : null;
  } catch {
    return null;
  }
}
