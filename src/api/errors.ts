/**
 * The one error type every API call fails with (docs/product.md §8). Callers branch on `kind`; `message` is
 * ready to show, except for `silent` errors (a request the caller cancelled), which must not be shown.
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

export const UNVERIFIED_EMAIL_MESSAGE = 'Your email address is not verified.';
export const FORBIDDEN_MESSAGE = 'Access forbidden';
export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a moment.';
export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const GENERIC_ERROR_MESSAGE = 'An error occurred';
const CANCELLED_MESSAGE = 'Request cancelled';

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

  constructor(kind: ApiErrorKind, message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
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
 * Message precedence, applied the same way to every HTTP status:
 * 1. the server's message, but only from the contract's error envelope (`status: 'ERROR'` and a
 *    non-blank string `message`), so an HTML error page, an empty body or a framework's own error
 *    object (which may carry internal details) is never shown;
 * 2. the text docs/product.md §8 fixes for the status (403 'Access forbidden', 429, 5xx);
 * 3. the caller's default for the operation (e.g. 'Failed to fetch settings');
 * 4. 'An error occurred'.
 * A 422 without a server message shows its first field error before falling back to 3 and 4.
 */
export function errorFromResponse(response: Response, body: unknown, defaultMessage?: string): ApiError {
  const status = response.status;
  const serverMessage = envelopeMessage(body);
  const fallback = defaultMessage ?? GENERIC_ERROR_MESSAGE;
  const code = envelopeCode(body);
  const init = { status, serverMessage, ...(code === undefined ? {} : { code }) };

  if (status === 401) return new ApiError('unauthorized', serverMessage ?? fallback, init);
  if (status === 403) {
    if (serverMessage === UNVERIFIED_EMAIL_MESSAGE) return new ApiError('unverified', serverMessage, init);
    return new ApiError('forbidden', serverMessage ?? FORBIDDEN_MESSAGE, init);
  }
  if (status === 404) return new ApiError('not-found', serverMessage ?? fallback, init);
  if (status === 409) return new ApiError('conflict', serverMessage ?? fallback, init);
  if (status === 422) {
    const fieldErrors = envelopeFieldErrors(body);
    const firstFieldError = Object.values(fieldErrors).flat()[0];
    return new ApiError('validation', serverMessage ?? firstFieldError ?? fallback, {
      ...init,
      fieldErrors,
      serverMessage: serverMessage ?? firstFieldError,
    });
  }
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
    return new ApiError('rate-limited', serverMessage ?? RATE_LIMITED_MESSAGE, {
      status,
      retryAfterSeconds,
      serverMessage,
    });
  }
  if (status >= 500 || status < 400) {
    // A 503 may say when the server is back (the database-unavailable answer does).
    const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
    return new ApiError('server', serverMessage ?? SERVER_ERROR_MESSAGE, { ...init, retryAfterSeconds });
  }
  // 400 and any 4xx the contract does not name.
  return new ApiError('bad-request', serverMessage ?? fallback, init);
}

/** A 2xx answer whose body says `status` is not 'OK' (docs/product.md §5): the server refused the operation. */
export function errorFromRefusal(response: Response, body: unknown, defaultMessage?: string): ApiError {
  const fieldErrors = envelopeFieldErrors(body);
  const serverMessage = envelopeMessage(body);
  return new ApiError('bad-request', serverMessage ?? defaultMessage ?? GENERIC_ERROR_MESSAGE, {
    status: response.status,
    serverMessage,
    fieldErrors: Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined,
  });
}

/**
 * A call that threw instead of answering. Our own timeout aborts with a 'TimeoutError' and is
 * reported as 'timeout' with the network text (docs/product.md §8 has no separate timeout text); any other
 * abort is the caller's and is 'cancelled' (silent); a 2xx body that is not JSON (e.g. an HTML page
 * from a proxy) is 'server'; everything else got no response and is 'network'.
 */
export function errorFromFailure(error: unknown, signal: AbortSignal | undefined): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof SyntaxError) return new ApiError('server', SERVER_ERROR_MESSAGE, { cause: error });
  if (hasName(error, 'TimeoutError')) return new ApiError('timeout', NETWORK_ERROR_MESSAGE, { cause: error });
  if (signal?.aborted || hasName(error, 'AbortError')) {
    return new ApiError('cancelled', CANCELLED_MESSAGE, { cause: error });
  }
  return new ApiError('network', NETWORK_ERROR_MESSAGE, { cause: error });
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
