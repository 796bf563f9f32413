import fc from 'fast-check';
import { signSandboxBody } from '../../../server/payments/sandbox';
import { deref, type Json, type OperationSpec, objectShape, type ParameterSpec } from './contract';
import { type BodyPlan, bodyOf, bodyPlanOf, type ParamPlan, paramPlanOf, pickFrom } from './inputs';
import { type Customer, type CustomerPlan, customerPlan, SANDBOX_SECRET } from './world';

/** One fuzz case of an operation: who asks, in which state, with which parameters and body. */
export interface FuzzCase {
  customer: CustomerPlan;
  params: Record<string, ParamPlan>;
  /** A query parameter the operation does not declare. */
  extraQuery: { name: string; value: string } | undefined;
  body: BodyPlan | undefined;
  /** Whether a signature header the contract declares carries a valid signature of the body. */
  signed: boolean;
}

/**
 * Signature headers the contract declares, computed the way its description says (the HMAC of
 * the raw body): without them no delivery could ever be accepted.
 */
const SIGNERS: Record<string, (rawBody: string) => string> = {
  'Blockfront-Signature': (rawBody) =>
    signSandboxBody(SANDBOX_SECRET, rawBody, Math.floor(Date.now() / 1000)),
};

export function caseOf(op: OperationSpec): fc.Arbitrary<FuzzCase> {
  const params = Object.fromEntries(op.parameters.map((p) => [p.name, paramPlanOf(p.schema, p.required)]));
  return fc.record({
    customer: customerPlan,
    params: fc.record(params),
    // In one case of eight: every undeclared parameter is refused before validation, so more
    // would leave few cases to reach the handlers (fc.option's `freq: 8` made it seven of eight).
    extraQuery: fc.oneof(
      { weight: 7, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.record({
          name: fc.string({ minLength: 1, maxLength: 10 }),
          value: fc.string({ maxLength: 10 }),
        }),
      },
    ),
    body: op.body === undefined ? fc.constant(undefined) : bodyPlanOf(op.body.schema, op.body.mediaType),
    signed: fc.boolean(),
  });
}

export interface InjectRequest {
  method: 'GET';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function paramValue(plan: ParamPlan, spec: ParameterSpec, customer: Customer): unknown {
  if (plan.kind === 'omit') return undefined;
  if (plan.kind === 'value') return plan.value;
  return pickFrom(customer.dictionary, spec.schema, plan.pick, spec.name) ?? plan.fallback;
}

/** A form field as text: strings as they are, anything else as its JSON. */
const formText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

function encodeForm(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return formText(value);
  const form = new URLSearchParams();
  for (const [key, field] of Object.entries(value)) form.set(key, formText(field));
  return form.toString();
}

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';

/**
 * A multipart body (an upload): each field a text part, a `format: binary` field a file part. A
 * file's bytes are its sampled text, after a PNG signature for every other length, so that some
 * uploads are taken and the rest refused as not an image.
 */
function encodeMultipart(value: unknown, schema: Json): Buffer {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return Buffer.from(formText(value));
  const { properties } = objectShape(schema);
  const parts: Buffer[] = [];
  for (const [name, field] of Object.entries(value)) {
    const property = properties[name];
    const isFile = property !== undefined && deref(property).format === 'binary';
    const text = formText(field);
    const bytes =
      isFile && text.length % 2 === 0 ? Buffer.concat([PNG_SIGNATURE, Buffer.from(text)]) : Buffer.from(text);
    const disposition = isFile
      ? `form-data; name="${name}"; filename="upload.png"`
      : `form-data; name="${name}"`;
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** The HTTP request a case describes, for `app.inject`. */
export function requestOf(op: OperationSpec, fuzzCase: FuzzCase, customer: Customer): InjectRequest {
  const headers: Record<string, string> = {};
  if (customer.token !== undefined) headers.authorization = `Bearer ${customer.token}`;
  let path = op.path;
  const query = new URLSearchParams();
  const signatureHeaders: string[] = [];
  for (const spec of op.parameters) {
    const plan = fuzzCase.params[spec.name];
    if (plan === undefined) continue;
    const value = paramValue(plan, spec, customer);
    if (spec.in === 'header' && SIGNERS[spec.name] !== undefined && fuzzCase.signed) {
      signatureHeaders.push(spec.name);
      continue;
    }
    if (value === undefined) continue;
    const text = formText(value);
    if (spec.in === 'path')
      path = path.replace(`{${spec.name}}`, encodeURIComponent(text === '' ? '-' : text));
    else if (spec.in === 'query') query.set(spec.name, text);
    else headers[spec.name.toLowerCase()] = text.replace(/[\r\n]/g, ' ');
  }
  if (fuzzCase.extraQuery !== undefined) query.append(fuzzCase.extraQuery.name, fuzzCase.extraQuery.value);

  let payload: string | Buffer | undefined;
  const plan = fuzzCase.body;
  if (op.body !== undefined && plan !== undefined && plan.kind !== 'absent') {
    const { mediaType } = op.body;
    if (plan.kind === 'raw') {
      payload = plan.text;
      headers['content-type'] = plan.contentType;
    } else {
      const value = plan.kind === 'sample' ? bodyOf(plan, op.body.schema, customer.dictionary) : plan.value;
      if (mediaType === 'multipart/form-data') {
        payload = encodeMultipart(value, op.body.schema);
        headers['content-type'] = `${mediaType}; boundary=${BOUNDARY}`;
      } else {
        payload = mediaType === 'application/json' ? JSON.stringify(value) : encodeForm(value);
        headers['content-type'] = mediaType;
      }
    }
  }
  for (const name of signatureHeaders)
    headers[name.toLowerCase()] = SIGNERS[name]?.(String(payload ?? '')) ?? '';
  const search = query.toString();
  return {
    method: op.method as 'GET',
    url: `/api${path}${search ? `?${search}` : ''}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}
