import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { operations } from '../../domain/contract';

/**
 * Handlers typed by the contract (openapi.yaml → domain/contract.d.ts, ADR 0010). A handler is
 * listed under its operationId, e.g. `export const catalogueHandlers = { getSettings: … } satisfies
 * HandlersOf<'getSettings'>`, and from `operations[id]` it gets the types of its path parameters,
 * query, body and answer:
 * - the request is already validated against the contract (path and query values coerced to the
 *   contract's types, defaults applied), so `request.params`, `request.query` and `request.body`
 *   are the contract's shapes, without casts;
 * - it returns the body of one of the operation's 2xx answers (status 200 unless it sets
 *   `reply.code(…)` first), so a contract change the handler does not follow fails
 *   `npm run typecheck`; or the `reply` it has sent itself (an HTML page, a redirect);
 * - it throws `HttpError` for a documented error answer.
 * The session is resolved on `bearerAuth` operations (`requireAuth(request)`), `request.locale` is
 * the language of messages, and `request.server.ctx` holds the database, mailer and config.
 */
export type OperationId = keyof operations;

type Defined<T, Otherwise> = [Exclude<T, undefined>] extends [never] ? Otherwise : Exclude<T, undefined>;
type Values<T> = T[keyof T];
type NoFields = Record<string, never>;

type ParametersOf<Id extends OperationId> = operations[Id]['parameters'];
/** The request body: any of its media types; absent when the contract makes it optional. */
type RequestBody<Id extends OperationId> = operations[Id] extends { requestBody: { content: infer C } }
  ? Values<C>
  : operations[Id] extends { requestBody?: { content: infer C } }
    ? Values<C> | undefined
    : undefined;

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<Id extends OperationId> = operations[Id]['responses'];
/** The JSON bodies of the operation's 2xx answers. */
export type ReplyBody<Id extends OperationId> = Values<{
  [S in Extract<keyof Responses<Id>, SuccessStatus>]: Responses<Id>[S] extends {
    content: { 'application/json': infer B };
  }
    ? B
    : never;
}>;

export interface ContractRoute<Id extends OperationId> extends RouteGenericInterface {
  Params: Defined<ParametersOf<Id>['path'], NoFields>;
  Querystring: Defined<ParametersOf<Id>['query'], NoFields>;
  Body: RequestBody<Id>;
}

export type ContractRequest<Id extends OperationId> = FastifyRequest<ContractRoute<Id>>;

/** The handler of operation `Id`. */
export type ContractHandler<Id extends OperationId> = (
  request: ContractRequest<Id>,
  reply: FastifyReply,
) => Promise<ReplyBody<Id> | FastifyReply>;

/** Handlers of the operations `Ids`, each typed by its own operation. */
export type HandlersOf<Ids extends OperationId> = { [Id in Ids]: ContractHandler<Id> };

/** A handler of every operation of the contract. */
export type ContractHandlers = HandlersOf<OperationId>;

/**
 * A handler as the router calls it, for any operation: the untyped view of `ContractHandler`,
 * used by `buildApp` and by tests that stand in handlers of their own.
 */
export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Handlers by operationId, as the router takes them. */
export type Handlers = Record<string, Handler>;

/**
 * The typed handlers as the router takes them. The one place the request types are taken on
 * trust: Fastify validates every request against the same contract (server/http/validation.ts)
 * before it calls the handler.
 */
export function routeHandlers(handlers: Partial<ContractHandlers>): Handlers {
  return handlers as Handlers;
}
