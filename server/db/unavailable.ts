/**
 * Whether an error means the database does not answer (stopped, restarting, unreachable,
 * connections lost), as opposed to a query that failed on its own. The HTTP layer answers the
 * first kind with 503 and a Retry-After, the second with 500. Looks through wrapping errors
 * (Drizzle's `cause`) and both refused addresses of a dual-stack connect (`AggregateError`).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 8 || error === null || typeof error !== 'object') return false;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  )
    return true;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Node's socket errors on connect or on a connection in use. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's class 08 (connection exception), 57P01–57P03 (shutting down, crashed, starting up)
 * and 53300 (too many connections).
 */
const SQLSTATE_UNAVAILABLE = /^(?:08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** node-postgres reports a lost or unobtainable connection by message only. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;
