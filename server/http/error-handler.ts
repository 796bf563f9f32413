import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type LocaleResolver, requestedLangId } from '../i18n/locale';
import { type Locale, t } from '../i18n/messages';
import { apiError } from './api-error';
import { isMalformedBody } from './body';
import { HttpError } from './errors';
import { isAppRoute } from './static-app';
import { validationError } from './validation';

/** Fastify's own client errors, mapped to the contract's 400 (413 and 415 are not in it). */
function fastifyClientError(
  error: FastifyError,
  request: FastifyRequest,
  locale: Locale,
): HttpError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(400, t(locale, 'request.bodyTooLarge'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(
        400,
        t(locale, 'request.unsupportedMediaType', {
          type: request.headers['content-type'] ?? '',
          expected: 'application/json',
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

function toHttpError(error: FastifyError, request: FastifyRequest, locale: Locale): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error.validation)
    return validationError(error.validation as never, error.validationContext ?? 'body', locale);
  if (isMalformedBody(error)) return new HttpError(400, t(locale, error.key));
  return fastifyClientError(error, request, locale);
}

function localeOf(resolveLocale: LocaleResolver, request: FastifyRequest): Promise<Locale> {
  return resolveLocale(requestedLangId(request.query, request.body));
}

/**
 * Every failure answers an `ApiError`: known client errors with their status and message, the
 * rest as a 500 whose details (stack, SQL) go to the log only. Routes keep the error handler of
 * the moment they are added: call this before registering any.
 */
export function registerErrorHandler(app: FastifyInstance, resolveLocale: LocaleResolver): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const locale = await localeOf(resolveLocale, request);
    const known = toHttpError(error, request, locale);
    if (known === undefined) {
      request.log.error({ err: error }, 'request failed');
    } else if (known.statusCode >= 500) {
      request.log.warn({ status: known.statusCode, message: known.message }, 'request failed');
    } else {
      request.log.info({ status: known.statusCode, message: known.message }, 'request refused');
    }
    const answer = known ?? new HttpError(500, t(locale, 'error.server'));
    const message = answer.statusCode === 500 ? t(locale, 'error.server') : answer.message;
    return reply
      .code(answer.statusCode)
      .headers(answer.headers)
      .type('application/json; charset=utf-8')
      .send(apiError(message, answer.errors));
  });
}

/** Unknown paths under /api are a JSON 404; other unknown GETs get the storefront's index.html. */
export function registerNotFoundHandler(
  app: FastifyInstance,
  resolveLocale: LocaleResolver,
  spaFallback: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined,
): void {
  app.setNotFoundHandler(async (request, reply) => {
    const method = request.method;
    if (spaFallback && (method === 'GET' || method === 'HEAD') && isAppRoute(request.url)) {
      return spaFallback(request, reply);
    }
    const locale = await localeOf(resolveLocale, request);
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(apiError(t(locale, 'error.notFound')));
  });
}
