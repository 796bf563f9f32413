import type { components } from './contract';

/**
 * The failure every API call of the client ends in (docs/product.md §8), as the machines read it. The api
 * client's `ApiError` (src/api/errors.ts) has this shape; machines only see the shape.
 */

export type ApiFailureKind =
  | 'bad-request'
  | 'unauthorized'
  | 'unverified'
  | 'forbidden'
  | 'validation'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'cancelled'
  | 'timeout'
  | 'not-found'
  | 'conflict';

export interface ApiFailure {
  kind: ApiFailureKind;
  message: string;
  /** The server's own message, already in the customer's language; absent for the client's texts. */
  serverMessage?: string;
  status?: number;
  fieldErrors?: Record<string, string[]>;
  /** The answer's Retry-After in seconds (a 429 or 503 that said when to come back). */
  retryAfterSeconds?: number;
  /** The server's reason (openapi.yaml `ErrorCode`), when it gave one. */
  code?: string;
}

/** openapi.yaml `ErrorCode`: why the server refused, where a client acts on the reason. */
export type ApiErrorCode = components['schemas']['ErrorCode'];

/** The coins do not cover a checkout's total (a 422): the only refusal that is a shortfall. */
export const INSUFFICIENT_FUNDS: ApiErrorCode = 'insufficient_funds';

const failureKinds: ReadonlySet<string> = new Set<ApiFailureKind>([
  'bad-request',
  'unauthorized',
  'unverified',
  'forbidden',
  'validation',
  'rate-limited',
  'server',
  'network',
  'cancelled',
  'timeout',
  'not-found',
  'conflict',
]);

export function isApiFailure(value: unknown): value is ApiFailure {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, message } = value as { kind?: unknown; message?: unknown };
  return typeof kind === 'string' && failureKinds.has(kind) && typeof message === 'string';
}

export function failureKind(error: unknown): ApiFailureKind | null {
  return isApiFailure(error) ? error.kind : null;
}

/** The server's reason for a failure (`ErrorCode`), null when it gave none. */
export function failureCode(error: unknown): string | null {
  return isApiFailure(error) ? (error.code ?? null) : null;
}

/** A request the caller cancelled is never shown to the user (docs/product.md §8). */
export function isSilentFailure(error: unknown): boolean {
  return failureKind(error) === 'cancelled';
}

/** When the server said to try again (its Retry-After), in whole seconds; null when it did not say. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isApiFailure(error) || error.retryAfterSeconds === undefined) return null;
  return Number.isFinite(error.retryAfterSeconds) ? Math.max(0, Math.ceil(error.retryAfterSeconds)) : null;
}
