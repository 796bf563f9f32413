import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { type LocaleResolver, requestedLangId } from '../i18n/locale';
import { type Locale, t } from '../i18n/messages';
import { PaymentProviderRefusedError, PaymentsUnavailableError } from '../payments/provider';
import { VERIFY_RESULT_PAGES } from '../users/verify-email';
import { apiError } from './api-error';
import { isMalformedBody } from './body';
import { HttpError } from './errors';
import { isAppRoute } from './static-app';
import { validationError } from './validation';

/**
 * A body past its route's limit. An image upload past it is certainly past the image limit
 * (ADR 0045): its own 413; any other is the contract's 400.
 */
export function bodyTooLarge(request: FastifyRequest, locale: Locale = request.locale): HttpError {
  return (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId ===
    'setProductImage'
    ? new HttpError(413, t(locale, 'image.tooLarge'))
    : new HttpError(400, t(locale, 'request.bodyTooLarge'));
}

/** The media types the route's body may have (its schema per content type, from the contract). */
function bodyMediaTypes(request: FastifyRequest): string[] {
  const body = (request.routeOptions.schema as { body?: { content?: object } } | undefined)?.body;
  return Object.keys(body?.content ?? {});
}

/** Fastify's own client errors, mapped to the contract's 400 (413 and 415 are not in it). */
function fastifyClientError(
  error: FastifyError,
  request: FastifyRequest,
  locale: Locale,
): HttpError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge(request, locale);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(
        400,
        t(locale, 'request.unsupportedMediaType', {
          type: request.headers['content-type'] ?? '',
          expected: bodyMediaTypes(request).join(', ') || 'application/json',
        }),
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError(400, t(locale, 'request.malformedJson'));
    default:
      if (error.statusCode === 429) return new HttpError(429, t(locale, 'error.tooManyRequests'));
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return new HttpError(400, t(locale, 'request.invalid'));
      }
      return undefined;
  }
}

/** Seconds a customer is asked to wait before trying an unreachable payment provider again. */
const PROVIDER_RETRY_AFTER_SECONDS = 30;

function paymentsUnavailable(error: PaymentsUnavailableError, locale: Locale): HttpError {
  if (error.reason === 'not-configured') return new HttpError(503, t(locale, 'payment.notConfigured'));
  return new HttpError(503, t(locale, 'payment.providerUnreachable'), undefined, {
    'retry-after': String(PROVIDER_RETRY_AFTER_SECONDS),
  });
}

/** Seconds a client should wait before retrying while the database does not answer. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function toHttpError(error: FastifyError, request: FastifyRequest, locale: Locale): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof PaymentsUnavailableError) return paymentsUnavailable(error, locale);
  if (error instanceof PaymentProviderRefusedError)
    return new HttpError(502, t(locale, 'payment.providerRefused'));
  if (isDatabaseUnavailable(error)) {
    return new HttpError(503, t(locale, 'error.temporarilyUnavailable'), undefined, {
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  if (error.validation)
    return validationError(error.validation as never, error.validationContext ?? 'body', locale);
  if (isMalformedBody(error)) return new HttpError(400, t(locale, error.key, error.params));
  return fastifyClientError(error, request, locale);
}

function localeOf(resolveLocale: LocaleResolver, request: FastifyRequest): Promise<Locale> {
  return resolveLocale(requestedLangId(request.query, request.body));
}

/** The methods a path takes (server/http/methods.ts), undefined for a path nothing answers. */
export type AllowedMethods = (url: string) => string[] | undefined;

/** 405 with `Allow` for a method the path does not take, as an `ApiError`. */
function methodNotAllowed(request: FastifyRequest, allowed: string[], locale: Locale): HttpError {
  const list = allowed.join(', ');
  return new HttpError(
    405,
    t(locale, 'request.methodNotAllowed', { method: request.method, allowed: list }),
    undefined,
    {
      allow: list,
    },
  );
}

function send(reply: FastifyReply, error: HttpError) {
  return reply
    .code(error.statusCode)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(apiError(error.message, error.errors, error.code));
}

/**
 * Every failure answers an `ApiError`: known client errors with their status and message, the
 * rest as a 500 whose details (stack, SQL) go to the log only. Routes keep the error handler of
 * the moment they are added: call this before registering any.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  resolveLocale: LocaleResolver,
  allowedMethods: AllowedMethods,
): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const locale = await localeOf(resolveLocale, request);
    // Fastify refuses some methods (QUERY without a content type) before it finds no route.
    const allowed = request.is404 ? allowedMethods(request.url) : undefined;
    const known =
      allowed === undefined
        ? toHttpError(error, request, locale)
        : methodNotAllowed(request, allowed, locale);
    if (known === undefined) {
      request.log.error({ err: error }, 'request failed');
    } else if (known.statusCode >= 500) {
      request.log.warn({ status: known.statusCode, message: known.message }, 'request failed');
    } else {
      request.log.info({ status: known.statusCode, message: known.message }, 'request refused');
    }
    // A 500 never shows its own message, which may carry internals.
    const answer =
      known === undefined || known.statusCode === 500 ? new HttpError(500, t(locale, 'error.server')) : known;
    return send(reply, answer);
  });
}

/**
 * Errors the router meets before any route or hook runs: a URL that is not valid (bad
 * percent-encoding) or a path parameter over the length limit. Both are a 400 `ApiError`, except
 * on a verification link, which always redirects to a storefront page (openapi.yaml verifyEmail).
 */
const VERIFY_LINK_PREFIX = '/api/email/verify/';

export function frameworkErrorHandler(
  resolveLocale: LocaleResolver,
): FastifyServerOptions['frameworkErrors'] {
  return (error, request, reply) => {
    // A verification link garbled past parsing still ends on the storefront's page for it.
    if (request.method === 'GET' && request.url.startsWith(VERIFY_LINK_PREFIX)) {
      void reply.header('cache-control', 'no-store').redirect(VERIFY_RESULT_PAGES.invalid, 302);
      return;
    }
    const key = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'request.urlTooLong' : 'request.badUrl';
    void resolveLocale(undefined).then((locale) => send(reply, new HttpError(400, t(locale, key))));
  };
}

/**
 * OPTIONS that is not a CORS preflight (no Origin or no Access-Control-Request-Method) answers
 * which methods the path takes, in the JSON envelope, instead of the CORS plugin's plain-text 400.
 * Registered before the CORS plugin, whose preflight answers stay as they are.
 */
export function registerOptionsAnswer(
  app: FastifyInstance,
  resolveLocale: LocaleResolver,
  allowedMethods: AllowedMethods,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS') return;
    if (request.headers.origin && request.headers['access-control-request-method']) return;
    const locale = await localeOf(resolveLocale, request);
    const allowed = allowedMethods(request.url);
    if (allowed === undefined) return send(reply, new HttpError(404, t(locale, 'error.notFound')));
    const list = allowed.join(', ');
    return reply
      .code(200)
      .header('allow', list)
      .type('application/json; charset=utf-8')
      .send({ status: 'OK', message: t(locale, 'request.allowedMethods', { allowed: list }) });
  });
}

/**
 * A request no route took: a GET of a storefront route gets index.html; a method the path does
 * not take is a 405 with `Allow`; an unknown path a JSON 404.
 */
export function registerNotFoundHandler(
  app: FastifyInstance,
  resolveLocale: LocaleResolver,
  spaFallback: ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | undefined,
  allowedMethods: AllowedMethods,
): void {
  app.setNotFoundHandler(async (request, reply) => {
    const method = request.method;
    if (spaFallback && (method === 'GET' || method === 'HEAD') && isAppRoute(request.url)) {
      return spaFallback(request, reply);
    }
    const locale = await localeOf(resolveLocale, request);
    const allowed = allowedMethods(request.url);
    if (allowed !== undefined && !allowed.includes(method)) {
      return send(reply, methodNotAllowed(request, allowed, locale));
    }
    return send(reply, new HttpError(404, t(locale, 'error.notFound')));
  });
}
