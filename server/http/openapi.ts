import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { paths } from '../paths';

type Json = Record<string, unknown>;

interface OperationObject {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
}

export interface OpenApiDocument extends Json {
  openapi: string;
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, OperationObject>>;
}

/** What the HTTP layer needs to know about one operation of the contract. */
export interface OperationInfo {
  operationId: string;
  method: string;
  /** Path as written in the contract, without the `/api` prefix, e.g. `/email/verify/{token}`. */
  path: string;
  needsBearer: boolean;
  /** A game server's secret (the store agent's operations, ADR 0030). */
  needsGameServer: boolean;
  /** The running server's admin key (`npm run operator`). */
  needsAdminKey: boolean;
  /** Media types the request body may have; empty when the operation takes no body. */
  bodyMediaTypes: string[];
  bodyRequired: boolean;
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

export function loadOpenApi(file: string): OpenApiDocument {
  return parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

export function listOperations(document: OpenApiDocument): OperationInfo[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => {
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
        };
      }),
  );
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
