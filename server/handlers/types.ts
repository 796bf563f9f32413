import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The handler of one contract operation. The request is already validated against openapi.yaml
 * (types are not narrowed: cast `request.body` / `request.query` to the operation's shape), the
 * session is resolved on `bearerAuth` operations (`requireAuth(request)`), `request.locale` is the
 * language of messages, and `request.server.ctx` holds the database, mailer and config.
 * Return the response body (status 200), or set `reply.code(…)` first; throw `HttpError` for a
 * documented error answer.
 */
export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Handlers by operationId, e.g. `export const catalogueHandlers: Handlers = { getSettings: … }`. */
export type Handlers = Record<string, Handler>;
