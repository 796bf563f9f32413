import type { FastifyRequest } from 'fastify';

/** Paths whose last segment is a secret (an emailed single-use token): logged masked. */
const SECRET_PATHS = [/^(\/api\/email\/verify\/)[^/?#]+/];

export function redactUrl(url: string): string {
  return SECRET_PATHS.reduce((masked, pattern) => masked.replace(pattern, '$1[redacted]'), url);
}

/** The request as the log shows it: method, URL without secrets, and the client. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}
