import type { FastifyRequest } from 'fastify';

const MASK = '[redacted]';

/** Paths whose last segment is a secret whatever it looks like (an emailed single-use token). */
const SECRET_SEGMENT_AFTER = ['/api/email/verify/'];

/** Query parameters whose value is a secret or a person's address, whatever it looks like. */
const SECRET_PARAMETER = /token|secret|key|signature|sig$|code|password|email|e-?mail|username/i;

/**
 * A value that is an email address or looks like a token: an `@` (also percent-encoded), or a
 * long run of base64url characters (tokens are 43; no route or asset name of the app is that long).
 */
function looksSecret(value: string): boolean {
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // Not valid percent-encoding: judge the raw text.
  }
  return decoded.includes('@') || /[A-Za-z0-9_-]{32,}/.test(decoded);
}

function redactPath(pathname: string): string {
  const prefix = SECRET_SEGMENT_AFTER.find((start) => pathname.startsWith(start));
  if (prefix !== undefined) return `${prefix}${MASK}`;
  return pathname
    .split('/')
    .map((segment) => (looksSecret(segment) ? MASK : segment))
    .join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return looksSecret(pair) ? MASK : pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      return value !== '' && (SECRET_PARAMETER.test(name) || looksSecret(value)) ? `${name}=${MASK}` : pair;
    })
    .join('&');
}

/** The URL as the log may show it: every token and email address in the path and query masked. */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash < 0 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf('?');
  if (question < 0) return redactPath(withoutHash);
  return `${redactPath(withoutHash.slice(0, question))}?${redactQuery(withoutHash.slice(question + 1))}`;
}

/** The request as the log shows it: method, URL without secrets, and the client. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}

/** The server's logger options: JSON lines at `level`, requests shown through the serializer above. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return { level, serializers: { req: requestLogSerializer }, ...(stream === undefined ? {} : { stream }) };
}
