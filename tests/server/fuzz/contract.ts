import { openapi } from '../../support/openapi';

/** The operations of openapi.yaml as the fuzz suite needs them: every input with its schema. */

export type Json = Record<string, unknown>;

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
}

export interface BodySpec {
  mediaType: string;
  schema: Json;
  required: boolean;
}

export interface OperationSpec {
  operationId: string;
  method: string;
  path: string;
  parameters: ParameterSpec[];
  body: BodySpec | undefined;
  needsBearer: boolean;
  /** Whether a query parameter it does not declare is refused (422) or ignored (`x-unknown-query`). */
  unknownQuery: 'refuse' | 'ignore';
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Follows `$ref`s (`#/components/...`) until a node that is not one. */
export function deref(node: Json): Json {
  let current = node;
  for (let depth = 0; typeof current.$ref === 'string'; depth += 1) {
    if (depth > 20) throw new Error(`$ref cycle at ${String(current.$ref)}`);
    current = String(current.$ref)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Json)[key], openapi) as Json;
  }
  return current;
}

interface RawOperation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: Json[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  'x-unknown-query'?: 'ignore';
}

export const operationSpecs: OperationSpec[] = Object.entries(openapi.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method] !== undefined).map((method) => {
    const op = item[method] as unknown as RawOperation;
    const parameters = (op.parameters ?? []).map((raw) => {
      const p = deref(raw) as { name: string; in: ParameterSpec['in']; required?: boolean; schema: Json };
      return { name: p.name, in: p.in, required: p.required === true, schema: p.schema };
    });
    const [mediaType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
    return {
      operationId: op.operationId,
      method: method.toUpperCase(),
      path,
      parameters,
      body:
        mediaType === undefined || media === undefined
          ? undefined
          : { mediaType, schema: media.schema, required: op.requestBody?.required === true },
      needsBearer: (op.security ?? []).some((requirement) => 'bearerAuth' in requirement),
      unknownQuery: op['x-unknown-query'] === 'ignore' ? 'ignore' : 'refuse',
    };
  }),
);

/** The JSON types a schema admits (`integer` implies `number` is not admitted unless listed). */
export function typesOf(schema: Json): string[] {
  const resolved = deref(schema);
  if (Array.isArray(resolved.type)) return resolved.type as string[];
  if (typeof resolved.type === 'string') return [resolved.type];
  if (Array.isArray(resolved.enum)) return [...new Set(resolved.enum.map(jsonType))];
  if ('const' in resolved) return [jsonType(resolved.const)];
  const branches = (resolved.oneOf ?? resolved.anyOf) as Json[] | undefined;
  if (branches) return [...new Set(branches.flatMap(typesOf))];
  return [];
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Properties and required fields of an object schema (through `$ref`; the first branch of a oneOf). */
export function objectShape(schema: Json): { properties: Record<string, Json>; required: string[] } {
  const resolved = deref(schema);
  const branches = resolved.oneOf as Json[] | undefined;
  if (branches?.[0]) return objectShape(branches[0]);
  return {
    properties: (resolved.properties as Record<string, Json> | undefined) ?? {},
    required: (resolved.required as string[] | undefined) ?? [],
  };
}
