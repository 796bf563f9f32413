import { safeRedirect } from './redirect';

/**
 * The auth screens' queries. Plain functions rather than zod schemas: the route modules load with
 * the first page, and zod (even zod/mini, about 8 KB gzip) does not fit the first-load budget
 * (docs/architecture.md §6). Each key is spelled out as undefined when absent or unusable, since the router
 * merges the raw query under the validated one.
 */

export interface LoginSearch {
  /** Where to go after signing in: a same-site path only (no open redirect). */
  redirect?: string | undefined;
}

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const target = safeRedirect(search.redirect, '');
  return { redirect: target === '' ? undefined : target };
}

export interface ResetLinkSearch {
  /** From the emailed link `/reset-password-confirm?token=…&email=…`; the form checks their shape. */
  token?: string | undefined;
  email?: string | undefined;
}

export function validateResetLinkSearch(search: Record<string, unknown>): ResetLinkSearch {
  return { token: text(search.token), email: text(search.email) };
}

export interface LoginLinkSearch extends ResetLinkSearch {
  /** Where to go once signed in, if the link carries it: a same-site path only. */
  redirect?: string | undefined;
}

/** The emailed sign-in link `/login/link?token=…&email=…` (openapi.yaml requestLoginLink). */
export function validateLoginLinkSearch(search: Record<string, unknown>): LoginLinkSearch {
  return { ...validateResetLinkSearch(search), ...validateLoginSearch(search) };
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
