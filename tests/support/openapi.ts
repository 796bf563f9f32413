import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

type Json = Record<string, unknown>;
type SchemaRef = { $ref: string };
type MediaType = { schema: Json & Partial<SchemaRef> };
type Response = {
  description: string;
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, MediaType>;
};
type Parameter = { name: string; in: 'query' | 'path' | 'header'; required?: boolean };
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: (Parameter | SchemaRef)[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Response | SchemaRef>;
};

export type OpenApiDocument = {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Json>;
    parameters: Record<string, Parameter>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, Json>;
  };
};

const specPath = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));
export const openapi = parse(readFileSync(specPath, 'utf8')) as OpenApiDocument;

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

function isRef(value: object): value is SchemaRef {
  return '$ref' in value;
}

function resolve<T extends object>(value: T | SchemaRef): T {
  if (!isRef(value)) return value;
  const target = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Json)[key], openapi);
  return target as T;
}

function schemaOf(media: MediaType | undefined): Json | undefined {
  if (!media) return undefined;
  return resolve<Json>(media.schema as Json | SchemaRef);
}

export const operations = Object.entries(openapi.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => {
    const op = item[method] as Operation;
    const parameters = (op.parameters ?? []).map((p) => resolve<Parameter>(p));
    const jsonBody = op.requestBody?.content['application/json'];
    const requestSchema = schemaOf(jsonBody ?? Object.values(op.requestBody?.content ?? {})[0]);
    const responses = Object.fromEntries(
      Object.entries(op.responses).map(([status, response]) => [status, resolve<Response>(response)]),
    );
    return {
      ...op,
      path,
      method,
      responses,
      queryParameters: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      requestSchema,
      bodyProperties: Object.keys((requestSchema?.properties as Json | undefined) ?? {}),
      hasJsonBody: Boolean(jsonBody),
      hasRequiredFields: ((requestSchema?.required as string[] | undefined) ?? []).length > 0,
      hasInput: parameters.length > 0 || Boolean(op.requestBody),
      needsBearer: (op.security ?? []).some((requirement) => 'bearerAuth' in requirement),
      needsGameServer: (op.security ?? []).some((requirement) => 'gameServerAuth' in requirement),
      needsAdminKey: (op.security ?? []).some((requirement) => 'adminKey' in requirement),
    };
  }),
);

export function operation(operationId: string) {
  const found = operations.find((op) => op.operationId === operationId);
  if (!found) throw new Error(`openapi.yaml has no operation ${operationId}`);
  return found;
}

// Ajv resolves '#/components/schemas/X' only inside one schema document, so the components are
// registered once under their own id and every reference is rewritten to point there.
const COMPONENTS_ID = 'blockfront-openapi';

function absoluteRefs<T>(node: T): T {
  if (Array.isArray(node)) return node.map(absoluteRefs) as T;
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', `${COMPONENTS_ID}#/$defs/`)
        : absoluteRefs(value),
    ]),
  ) as T;
}

const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
addFormats(ajv);
ajv.addKeyword('example');
ajv.addSchema({ $id: COMPONENTS_ID, $defs: absoluteRefs(openapi.components.schemas) });

const compiled = new Map<string, ValidateFunction>();

function compile(key: string, schema: Json): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(absoluteRefs(schema));
    compiled.set(key, validate);
  }
  return validate;
}

/** A validator for one named schema of components.schemas. */
export function schemaValidator(name: string): (value: unknown) => boolean {
  if (!openapi.components.schemas[name]) throw new Error(`openapi.yaml has no schema ${name}`);
  const validate = compile(`schema:${name}`, { $ref: `#/components/schemas/${name}` });
  return (value) => validate(value) as boolean;
}

/** A validator for any schema of the contract (a request field's, a parameter's); `$ref`s resolve. */
export function validatorFor(schema: Json): (value: unknown) => boolean {
  const validate = compile(`inline:${JSON.stringify(schema)}`, schema);
  return (value) => validate(value) as boolean;
}

/**
 * Checks a response against the schema openapi.yaml documents for that operation and status,
 * and returns the problems (empty when the response is on-spec).
 */
export function responseProblems(
  operationId: string,
  status: number,
  contentType: string | undefined,
  body: unknown,
): string[] {
  const op = operation(operationId);
  const response = op.responses[String(status)];
  if (!response) return [`${operationId} does not document status ${status}`];
  if (!response.content)
    return body === undefined || body === '' ? [] : [`${operationId} ${status} has no body`];
  const mediaType = (contentType ?? '').split(';')[0]?.trim() ?? '';
  const media = response.content[mediaType];
  if (!media) return [`${operationId} ${status} does not document content type '${mediaType}'`];
  const validate = compile(`response:${operationId}:${status}:${mediaType}`, media.schema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message}`);
}
