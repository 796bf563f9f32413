import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { type LocaleResolver, requestedLangId } from '../i18n/locale';
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

/** The media type of an operation's body sent as parts (an upload, ADR 0045). */
export const MULTIPART = 'multipart/form-data';

/** Text parts of a multipart body: a few short fields beside its files. */
const FORM_LIMITS = { fields: 20, fieldSize: 1_024, fieldNameSize: 100, headerPairs: 20 } as const;

/**
 * The only body formats the API accepts: JSON (with Fastify's prototype-poisoning guard), the
 * sandbox page's urlencoded form, and multipart for the operations whose contract says so (read by
 * `bodyGuard`, never by a handler). Anything else is refused before a handler runs.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
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
  // Marks a multipart request only; its parts are read in `bodyGuard`, where the operation is known.
  await app.register(fastifyMultipart, { limits: FORM_LIMITS, throwFileSizeLimit: true });
}

/** A multipart error of a request's own making (a limit, a broken stream), not of the server. */
const isClientError = (error: unknown) => {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status !== 'number' || status < 500;
};

/**
 * A multipart body as the object its schema describes: each text part a string, each file part
 * its bytes (a Buffer), a name sent twice a list. A file past `fileLimit` bytes is the request's
 * 413 (`tooLarge`, said in the language of the fields read so far); a broken body is a 400.
 */
async function formBody(
  request: FastifyRequest,
  fileLimit: number,
  tooLarge: (fields: Record<string, unknown>) => Promise<HttpError>,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = Object.create(null);
  const add = (name: string, value: unknown) => {
    const held = body[name];
    body[name] = held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
  };
  try {
    for await (const part of request.parts({ limits: { fileSize: fileLimit, files: 1, parts: 21 } })) {
      if (part.type === 'file') add(part.fieldname, await part.toBuffer());
      else add(part.fieldname, part.valueTruncated ? `${String(part.value)}…` : part.value);
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw await tooLarge(body);
    if (!isClientError(error)) throw error;
    throw new MalformedBodyError('request.malformedForm');
  }
  // Validation compares with the schema's plain objects: give it one.
  return { ...body };
}

function mediaTypeOf(request: FastifyRequest): string | undefined {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/**
 * Before validation: the body must have one of the operation's media types, a required body
 * must be there, and an absent optional body counts as `{}` (so its schema's defaults apply). A
 * JSON `null` is a body, not an absent one: the schema refuses it (422) as any other non-object.
 * A multipart body is read here into an object, each file part held up to the operation's
 * `x-body-limit` (past it: `tooLarge`), and its `lang_id` decides the request's language.
 */
export function bodyGuard(
  operation: OperationInfo,
  resolveLocale: LocaleResolver,
  tooLarge: (request: FastifyRequest) => HttpError,
): preValidationAsyncHookHandler {
  const takesParts = operation.bodyMediaTypes.includes(MULTIPART);
  return async (request) => {
    if (operation.bodyMediaTypes.length === 0) return;
    if (request.isMultipart()) {
      if (!takesParts) throw unsupported(request, operation);
      const fileLimit = operation.bodyLimit ?? request.routeOptions.bodyLimit ?? 0;
      request.body = await formBody(request, fileLimit, async (fields) => {
        request.locale = await resolveLocale(requestedLangId(request.query, fields));
        return tooLarge(request);
      });
      request.locale = await resolveLocale(requestedLangId(request.query, request.body));
      return;
    }
    if (request.body === undefined) {
      if (operation.bodyRequired) throw new HttpError(400, t(request.locale, 'request.bodyRequired'));
      request.body = {};
      return;
    }
    const mediaType = mediaTypeOf(request);
    if (mediaType === undefined || !operation.bodyMediaTypes.includes(mediaType)) {
      throw unsupported(request, operation);
    }
  };
}

function unsupported(request: FastifyRequest, operation: OperationInfo): HttpError {
  return new HttpError(
    400,
    t(request.locale, 'request.unsupportedMediaType', {
      type: mediaTypeOf(request) ?? '',
      expected: operation.bodyMediaTypes.join(', '),
    }),
  );
}
