/**
 * The one error type every API call fails with (docs/product.md §8). Callers branch on `kind`; what a customer
 * reads is chosen by the machines (machines/text.ts `failureText`: the server's own message, else a
 * catalogue message by id). `message` only describes the failure for logs and developers.
 */
export type ApiErrorKind =
  | 'bad-request'
  | 'unauthorized'
  | 'unverified'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'validation'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'cancelled';

export type FieldErrors = Record<string, string[]>;

/** The server's 403 message that tells an unverified address from other refusals (docs/product.md §4). */
export const UNVERIFIED_EMAIL_MESSAGE = 'Your email address is not verified.';

export interface ApiErrorInit {
  status?: number;
  fieldErrors?: FieldErrors;
  retryAfterSeconds?: number;
  /** The server's own message (already in the request's language), when the answer carried one. */
  serverMessage?: string;
  /** The server's reason (openapi.yaml `ErrorCode`), when the answer carried one. */
  code?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly fieldErrors: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  /** True only for requests the caller cancelled: never show these (docs/product.md §8). */
  readonly silent: boolean;

  constructor(kind: ApiErrorKind, init: ApiErrorInit = {}) {
    const description = init.status === undefined ? kind : `${kind} (HTTP ${init.status})`;
    super(init.serverMessage ?? description, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = kind;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.serverMessage = init.serverMessage;
    this.code = init.code;
    this.silent = kind === 'cancelled';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * A failed answer as its kind (by status; a 403 with the unverified message is 'unverified'), with
 * the server's message, but only from the contract's error envelope (`status: 'ERROR'` and a
 * non-blank string `message`), so an HTML error page, an empty body or a framework's own error
 * object (which may carry internal details) is never taken for one. A 422 without a message gives
 * its first field error as the server's message.
 */
export function errorFromResponse(response: Response, body: unknown): ApiError {
  const status = response.status;
  const serverMessage = envelopeMessage(body);
  const code = envelopeCode(body);
  const init = { status, serverMessage, ...(code === undefined ? {} : { code }) };

  if (status === 401) return new ApiError('unauthorized', init);
  if (status === 403) {
    return new ApiError(serverMessage === UNVERIFIED_EMAIL_MESSAGE ? 'unverified' : 'forbidden', init);
  }
  if (status === 404) return new ApiError('not-found', init);
  if (status === 409) return new ApiError('conflict', init);
  if (status === 422) {
    const fieldErrors = envelopeFieldErrors(body);
    const firstFieldError = Object.values(fieldErrors).flat()[0];
    return new ApiError('validation', {
      ...init,
      fieldErrors,
      serverMessage: serverMessage ?? firstFieldError,
    });
  }
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
    return new ApiError('rate-limited', { status, retryAfterSeconds, serverMessage });
  }
  if (status >= 500 || status < 400) {
    // A 503 may say when the server is back (the database-unavailable answer does).
    const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
    return new ApiError('server', { ...init, retryAfterSeconds });
  }
  // 400 and any 4xx the contract does not name.
  return new ApiError('bad-request', init);
}

/** A 2xx answer whose body says `status` is not 'OK' (docs/product.md §5): the server refused the operation. */
export function errorFromRefusal(response: Response, body: unknown): ApiError {
  const fieldErrors = envelopeFieldErrors(body);
  return new ApiError('bad-request', {
    status: response.status,
    serverMessage: envelopeMessage(body),
    fieldErrors: Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined,
  });
}

/**
 * A call that threw instead of answering. Our own timeout aborts with a 'TimeoutError' and is
 * reported as 'timeout' (shown with the network text: docs/product.md §8 has no separate timeout text); any other
 * abort is the caller's and is 'cancelled' (silent); a 2xx body that is not JSON (e.g. an HTML page
 * from a proxy) is 'server'; everything else got no response and is 'network'.
 */
export function errorFromFailure(error: unknown, signal: AbortSignal | undefined): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof SyntaxError) return new ApiError('server', { cause: error });
  if (hasName(error, 'TimeoutError')) return new ApiError('timeout', { cause: error });
  if (signal?.aborted || hasName(error, 'AbortError')) return new ApiError('cancelled', { cause: error });
  return new ApiError('network', { cause: error });
}

export function isRefusal(body: unknown): boolean {
  return isRecord(body) && 'status' in body && body.status !== 'OK';
}

function envelopeMessage(body: unknown): string | undefined {
  if (!isRecord(body) || body.status !== 'ERROR' || typeof body.message !== 'string') return undefined;
  return body.message.trim() === '' ? undefined : body.message;
}

function envelopeCode(body: unknown): string | undefined {
  if (!isRecord(body) || body.status !== 'ERROR' || typeof body.code !== 'string') return undefined;
  return body.code;
}

function envelopeFieldErrors(body: unknown): FieldErrors {
  const fieldErrors: FieldErrors = {};
  if (!isRecord(body) || !isRecord(body.errors)) return fieldErrors;
  for (const [field, messages] of Object.entries(body.errors)) {
    const list = Array.isArray(messages) ? messages : [messages];
    const texts = list.filter((message): message is string => typeof message === 'string' && message !== '');
    if (texts.length > 0) fieldErrors[field] = texts;
  }
  return fieldErrors;
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
function parseRetryAfter(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function hasName(error: unknown, name: string): boolean {
  return isRecord(error) && error.name === name;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
