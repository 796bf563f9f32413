import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { t } from '../i18n/messages';
import { type AuthContext, findSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer on operations with `bearerAuth`; null elsewhere. */
    auth: AuthContext | null;
  }
}

/**
 * The contract's exact text for an unverified address. Clients match on it (docs/product.md §4), so it is
 * never translated.
 */
export const EMAIL_NOT_VERIFIED = 'Your email address is not verified.';

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1];
}

/** Hook for operations with `bearerAuth`: resolves the session, or answers 401. */
export function authenticate(db: Database): preValidationAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    const auth = token === undefined ? null : await findSession(db, token);
    if (auth === null) throw new HttpError(401, t(request.locale, 'error.unauthenticated'));
    request.auth = auth;
  };
}

/** The signed-in customer, for handlers of operations with `bearerAuth`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (request.auth === null) throw new HttpError(401, t(request.locale, 'error.unauthenticated'));
  return request.auth;
}

/** 403 unless the customer's address is verified (top-up and checkout). */
export function requireVerifiedEmail(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (auth.user.emailVerifiedAt === null) throw new HttpError(403, EMAIL_NOT_VERIFIED);
  return auth;
}
