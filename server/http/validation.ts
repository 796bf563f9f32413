import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { fieldLabel, type Locale, type MessageKey, t } from '../i18n/messages';
import type { FieldErrors } from './api-error';
import { HttpError } from './errors';

/**
 * Request validation against the contract. Bodies are checked as sent: no type coercion, no
 * removal of unknown fields. Path, query and header values arrive as strings and are coerced.
 * `verbose` keeps the failing value and its schema on each error, for the messages below.
 */
const common: Options = { strict: false, allErrors: true, verbose: true, useDefaults: true };

function makeAjv(options: Options): Ajv2020 {
  const ajv = new Ajv2020({ ...common, ...options });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = makeAjv({ coerceTypes: false, removeAdditional: false });
const parameterAjv = makeAjv({ coerceTypes: true, removeAdditional: false });
/**
 * A multipart body (server/http/body.ts `formBody`): its text parts arrive as strings and are
 * coerced as parameters are; a `format: binary` field must be a file part (its bytes).
 */
const formAjv = makeAjv({ coerceTypes: true, removeAdditional: false });
formAjv.addKeyword({
  keyword: 'x-file',
  schemaType: 'boolean',
  errors: false,
  validate: (_schema: boolean, data: unknown) => Buffer.isBuffer(data),
});

/** A form's schema with each `format: binary` property a file part (keyword `x-file`). */
function formSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (properties === undefined) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        property.format === 'binary' ? { 'x-file': true, description: property.description } : property,
      ]),
    ),
  };
}

/**
 * Validators by schema text. Each app parses openapi.yaml into new schema objects, and Ajv caches
 * by object: without this, every app built in a process compiled every schema again (~0.8 s an
 * app; the server tests build one or more a file) and Ajv kept each copy.
 */
const compiled = new Map<string, ValidateFunction>();

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart, contentType }) => {
  const form = httpPart === 'body' && contentType === 'multipart/form-data';
  const ajv = form ? formAjv : httpPart === 'body' ? bodyAjv : parameterAjv;
  const kind = form ? 'form' : ajv === bodyAjv ? 'body' : 'parameter';
  const key = `${kind}\0${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (validate === undefined) {
    validate = ajv.compile(form ? formSchema(schema as Record<string, unknown>) : (schema as object));
    compiled.set(key, validate);
  }
  return validate;
};

function firstSegment(instancePath: string): string | undefined {
  const segment = instancePath.split('/')[1];
  return segment === undefined ? undefined : segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function fieldOf(error: ErrorObject): string | undefined {
  const top = firstSegment(error.instancePath);
  if (top !== undefined) return top;
  if (error.keyword === 'required') return String(error.params.missingProperty);
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty);
  return undefined;
}

function typeNames(locale: Locale, type: unknown): string {
  const names = (Array.isArray(type) ? type : [type]).map((name) =>
    t(locale, `type.${String(name)}` as MessageKey),
  );
  return names.join(t(locale, 'type.or'));
}

/** A body that is not an object, or matches none of its alternatives: nothing to name a field by. */
function shapeMessage(error: ErrorObject, locale: Locale): string {
  return error.keyword === 'type' ? t(locale, 'request.bodyNotObject') : t(locale, 'request.bodyShape');
}

/** A field the schema rules out by its presence, absence or type (a form shows it on that field). */
function presenceMessage(error: ErrorObject, field: string, locale: Locale): string | undefined {
  switch (error.keyword) {
    case 'required':
      if (error.instancePath) {
        return t(locale, 'request.missingField', { field: `${field}.${error.params.missingProperty}` });
      }
      return field === 'password_confirmation'
        ? t(locale, 'field.confirmPassword')
        : t(locale, 'field.required', { label: fieldLabel(locale, field) });
    case 'additionalProperties':
      return t(locale, 'request.unknownField', {
        field: error.instancePath ? `${field}.${error.params.additionalProperty}` : field,
      });
    case 'type':
      return t(locale, 'request.wrongType', { field, type: typeNames(locale, error.params.type) });
    case 'x-file':
      return t(locale, 'request.fileExpected', { field });
    default:
      return undefined;
  }
}

function schemaOf(error: ErrorObject): Record<string, unknown> {
  return (error.parentSchema ?? {}) as Record<string, unknown>;
}

function valueMessage(error: ErrorObject, field: string, locale: Locale): string {
  const schema = schemaOf(error);
  const label = fieldLabel(locale, field);
  const limit = String(error.params.limit ?? '');
  if (error.keyword === 'minLength' && error.data === '') {
    return field === 'password_confirmation'
      ? t(locale, 'field.confirmPassword')
      : t(locale, 'field.required', { label });
  }
  if (field === 'password' && typeof schema.pattern === 'string') return t(locale, 'field.passwordRule');
  if (schema.format === 'email') return t(locale, 'field.email');
  if (field === 'phoneE164') return t(locale, 'field.phone');
  if (field === 'token') return t(locale, 'field.resetLink');
  if (field === 'amount') return t(locale, 'field.amount');
  switch (error.keyword) {
    case 'minLength':
      return t(locale, 'field.tooShort', { label, limit });
    case 'maxLength':
      return t(locale, 'field.tooLong', { label, limit });
    case 'minimum':
    case 'exclusiveMinimum':
      return t(locale, 'field.tooSmall', { label, limit });
    case 'maximum':
    case 'exclusiveMaximum':
      return t(locale, 'field.tooLarge', { label, limit });
    case 'enum':
    case 'const':
      return t(locale, 'field.notAllowed', { label });
    default:
      return t(locale, 'field.format', { label });
  }
}

/** Field errors keyed by field, one message per rule broken, in the order of the schema. */
function fieldErrorsOf(errors: ErrorObject[], locale: Locale): FieldErrors {
  // A Map, not `{}`: a field may be named like a property of every object (`constructor`).
  const result = new Map<string, string[]>();
  const emptyFields = new Set(
    errors.filter((e) => e.keyword === 'minLength' && e.data === '').map((e) => fieldOf(e) ?? ''),
  );
  for (const error of errors) {
    const field = fieldOf(error) ?? 'body';
    if (emptyFields.has(field) && !(error.keyword === 'minLength' && error.data === '')) continue;
    const message = presenceMessage(error, field, locale) ?? valueMessage(error, field, locale);
    const messages = result.get(field) ?? [];
    if (!messages.includes(message)) messages.push(message);
    result.set(field, messages);
  }
  return Object.fromEntries(result);
}

/**
 * Turns Ajv's errors for one part of a request into the answer docs/architecture.md §3 asks for: a body or
 * query whose fields fail the schema (missing, unknown, wrong type, out of range, a broken rule)
 * is a 422 with `errors` keyed by field, so a form can show each on its field. A 400 stays for
 * what has no field to name: a body that is not an object or fits none of its alternatives, and
 * a bad path or header parameter (a malformed URL or request line).
 */
export function validationError(errors: ErrorObject[], part: string, locale: Locale): HttpError {
  if (part !== 'body' && part !== 'querystring') {
    const error = errors[0];
    const field = error ? fieldOf(error) : undefined;
    if (error?.keyword === 'required' && field !== undefined) {
      return new HttpError(400, t(locale, 'request.missingField', { field }));
    }
    return new HttpError(400, t(locale, 'request.invalidParameter', { field: field ?? part }));
  }
  const shapeless = errors.find((error) => fieldOf(error) === undefined);
  if (shapeless) return new HttpError(400, shapeMessage(shapeless, locale));
  const fields = fieldErrorsOf(errors, locale);
  const first = Object.values(fields)[0]?.[0] ?? t(locale, 'request.invalid');
  return new HttpError(422, first, fields);
}
