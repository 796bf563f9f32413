import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { t } from '../i18n/messages';
import { HttpError } from './errors';
import type { OperationInfo } from './openapi';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for signature checks (payment webhooks). */
    rawBody?: string;
  }
}

class MalformedBodyError extends Error {
  constructor(
    readonly key: 'request.malformedJson' | 'request.malformedForm' | 'request.unsupportedMediaType',
    readonly params: Record<string, string> = {},
  ) {
    super(key);
    this.name = 'MalformedBodyError';
  }
}

export function isMalformedBody(error: unknown): error is MalformedBodyError {
  return error instanceof MalformedBodyError;
}

/**
 * The only body formats the API accepts: JSON (with Fastify's prototype-poisoning guard) and the
 * sandbox page's urlencoded form. Anything else is refused before a handler runs.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Read as UTF-8 whatever it says: any other charset is refused, not misread (400, as for any
    // other content type the API does not take).
    const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      done(
        new MalformedBodyError('request.unsupportedMediaType', {
          type: `application/json; charset=${charset}`,
          expected: 'application/json; charset=utf-8',
        }),
        undefined,
      );
      return;
    }
    const text = String(body);
    request.rawBody = text;
    parseJson(request, text, (error, value) =>
      done(error ? new MalformedBodyError('request.malformedJson') : null, value),
    );
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, body, done) => {
      const text = String(body);
      request.rawBody = text;
      try {
        done(null, Object.fromEntries(new URLSearchParams(text)));
      } catch {
        done(new MalformedBodyError('request.malformedForm'), undefined);
      }
    },
  );
}

function mediaTypeOf(request: FastifyRequest): string | undefined {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/**
 * Before validation: the body must have one of the operation's media types, a required body
 * must be there, and an absent optional body counts as `{}` (so its schema's defaults apply). A
 * JSON `null` is a body, not an absent one: the schema refuses it (422) as any other non-object.
 */
export function bodyGuard(operation: OperationInfo): preValidationAsyncHookHandler {
  return async (request) => {
    if (operation.bodyMediaTypes.length === 0) return;
    if (request.body === undefined) {
      if (operation.bodyRequired) throw new HttpError(400, t(request.locale, 'request.bodyRequired'));
      request.body = {};
      return;
    }
    const mediaType = mediaTypeOf(request);
    if (mediaType === undefined || !operation.bodyMediaTypes.includes(mediaType)) {
      throw new HttpError(
        400,
        t(request.locale, 'request.unsupportedMediaType', {
          type: mediaType ?? '',
          expected: operation.bodyMediaTypes.join(', '),
        }),
      );
    }
  };
}
