import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { paths } from '../paths';

type Json = Record<string, unknown>;

interface ParameterObject {
  $ref?: string;
  name?: string;
  in?: string;
}

interface OperationObject {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
  /** `ignore`: a link opened from an email, whose query others may extend (docs/decisions/0030). */
  'x-unknown-query'?: 'ignore';
  'x-body-limit'?: number;
}

export interface OpenApiDocument extends Json {
  openapi: string;
  security?: Record<string, string[]>[];
  /** Path items: operations by method, and `parameters` shared by them. */
  paths: Record<string, Record<string, unknown>>;
}

/** What the HTTP layer needs to know about one operation of the contract. */
export interface OperationInfo {
  operationId: string;
  method: string;
  /** Path as written in the contract, without the `/api` prefix, e.g. `/email/verify/{token}`. */
  path: string;
  needsBearer: boolean;
  /** A game server's secret (the store agent's operations, ADR 0031). */
  needsGameServer: boolean;
  /** The running server's admin key (`npm run operator`). */
  needsAdminKey: boolean;
  /** Media types the request body may have; empty when the operation takes no body. */
  bodyMediaTypes: string[];
  bodyRequired: boolean;
  /** Names of the query parameters the operation declares (its own and its path's). */
  queryParameters: string[];
  /** Whether a query parameter it does not declare is refused (422) or ignored. */
  unknownQuery: 'refuse' | 'ignore';
  /**
   * Bytes a request body may have (`x-body-limit`), where the operation takes more than the app's
   * default; of a multipart body, bytes each file part may have.
   */
  bodyLimit: number | undefined;
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

export function loadOpenApi(file: string): OpenApiDocument {
  return parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

/** A parameter, following a `$ref` into `#/components/parameters`. */
function parameterOf(document: OpenApiDocument, parameter: ParameterObject): ParameterObject {
  let current = parameter;
  for (let depth = 0; current.$ref !== undefined; depth += 1) {
    if (depth > 10) throw new Error(`openapi.yaml: $ref cycle at ${current.$ref}`);
    const target = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document);
    if (target === undefined || target === null) throw new Error(`openapi.yaml: no ${current.$ref}`);
    current = target as ParameterObject;
  }
  return current;
}

function queryParametersOf(document: OpenApiDocument, declared: ParameterObject[]): string[] {
  return [
    ...new Set(
      declared
        .map((parameter) => parameterOf(document, parameter))
        .filter((parameter) => parameter.in === 'query' && parameter.name !== undefined)
        .map((parameter) => parameter.name as string),
    ),
  ];
}

export function listOperations(document: OpenApiDocument): OperationInfo[] {
  return Object.entries(document.paths).flatMap(([path, item]) => {
    const shared = (item.parameters ?? []) as ParameterObject[];
    return Object.entries(item as Record<string, OperationObject>)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]): OperationInfo => {
        if (!op.operationId)
          throw new Error(`openapi.yaml: ${method.toUpperCase()} ${path} has no operationId`);
        const security = op.security ?? document.security ?? [];
        return {
          operationId: op.operationId,
          method: method.toUpperCase(),
          path,
          needsBearer: security.some((requirement) => 'bearerAuth' in requirement),
          needsGameServer: security.some((requirement) => 'gameServerAuth' in requirement),
          needsAdminKey: security.some((requirement) => 'adminKey' in requirement),
          bodyMediaTypes: Object.keys(op.requestBody?.content ?? {}),
          bodyRequired: op.requestBody?.required === true,
          queryParameters: queryParametersOf(document, [...shared, ...(op.parameters ?? [])]),
          unknownQuery: op['x-unknown-query'] === 'ignore' ? 'ignore' : 'refuse',
          bodyLimit: typeof op['x-body-limit'] === 'number' ? op['x-body-limit'] : undefined,
        };
      });
  });
}

let contract: OpenApiDocument | undefined;

/** The project's openapi.yaml, parsed once per process. */
export function loadContract(): OpenApiDocument {
  contract ??= loadOpenApi(paths.openapi);
  return contract;
}

export function contractOperationIds(): string[] {
  return listOperations(loadContract()).map((op) => op.operationId);
}
