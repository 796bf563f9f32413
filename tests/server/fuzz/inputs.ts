import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import { openapi, validatorFor } from '../../support/openapi';
import { deref, type Json, jsonType, objectShape, typesOf } from './contract';

/**
 * Inputs derived from the contract's schemas. Valid values come from json-schema-faker, seeded by
 * fast-check (so a run is reproducible from fast-check's seed); the mutations that make them
 * invalid are fast-check arbitraries read off the same schemas' keywords (types, bounds, lengths,
 * patterns, enums, required fields, closed objects). Nothing here knows an operation.
 */

const schemas = openapi.components.schemas;

function refResolver(ref: string): Json {
  const name = ref.replace('#/components/schemas/', '');
  const schema = schemas[name];
  if (schema === undefined) throw new Error(`openapi.yaml has no schema ${name}`);
  return schema;
}

/** A value json-schema-faker generates for `schema` (not always valid: it ignores look-aheads). */
export function sampleOf(schema: Json): fc.Arbitrary<unknown> {
  return fc
    .record({
      seed: fc.integer({ min: 1, max: 0x7fffffff }),
      useExamplesValue: fc.boolean(),
      optionalsProbability: fc.constantFrom(0, 0.5, 1),
    })
    .map((options) => generateSync(schema, { ...options, refResolver }));
}

const anyJson = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

/** A value of another JSON type than the schema admits. */
export function wrongTypeOf(schema: Json): fc.Arbitrary<unknown> {
  const types = new Set(typesOf(schema));
  if (types.has('integer')) types.add('number');
  const valid = validatorFor(schema);
  return anyJson.filter((value) => {
    const type = jsonType(value);
    const admitted = types.has(type) || (type === 'integer' && types.has('number'));
    return !admitted && !valid(value);
  });
}

/** Values just past the schema's bounds, lengths, pattern, enum or const; none when it has none. */
export function outOfRangeValues(schema: Json): unknown[] {
  const s = deref(schema);
  const values: unknown[] = [];
  const numeric = typesOf(s).some((type) => type === 'integer' || type === 'number');
  if (numeric) {
    if (typeof s.minimum === 'number') values.push(s.minimum - 1);
    if (typeof s.exclusiveMinimum === 'number') values.push(s.exclusiveMinimum);
    if (typeof s.maximum === 'number') values.push(s.maximum + 1);
    if (typeof s.exclusiveMaximum === 'number') values.push(s.exclusiveMaximum);
    if (typesOf(s).includes('integer')) values.push(1.5, 1e300);
  }
  if (typeof s.maxLength === 'number') values.push('x'.repeat(s.maxLength + 1));
  if (typeof s.minLength === 'number' && s.minLength > 0) values.push('x'.repeat(s.minLength - 1));
  if (typeof s.pattern === 'string')
    values.push('', ' ', 'not matching ✗', '../../etc/passwd', "' or 1=1 --");
  if (s.format === 'email') values.push('not-an-email', '@', 'a@b');
  if (Array.isArray(s.enum) || 'const' in s) values.push('unknown-value', 0);
  const valid = validatorFor(schema);
  return values.filter((value) => !valid(value));
}

/** Valid values at the schema's edges: the bounds and the longest allowed string. */
export function edgeValues(schema: Json): unknown[] {
  const s = deref(schema);
  const values: unknown[] = [];
  if (typeof s.minimum === 'number') values.push(s.minimum);
  if (typeof s.maximum === 'number') values.push(s.maximum);
  if (typeof s.maxLength === 'number' && typeof s.pattern !== 'string') values.push('ü'.repeat(s.maxLength));
  const valid = validatorFor(schema);
  return values.filter((value) => valid(value));
}

/** How one field of an object body is broken (or pushed to an edge). */
export type FieldMutation =
  | { op: 'drop'; field: string }
  | { op: 'set'; field: string; value: unknown; kind: 'wrongType' | 'outOfRange' | 'edge' }
  | { op: 'extra'; field: string; value: unknown };

function fieldMutations(schema: Json): fc.Arbitrary<FieldMutation>[] {
  const { properties, required } = objectShape(schema);
  const arbitraries: fc.Arbitrary<FieldMutation>[] = [];
  if (required.length > 0)
    arbitraries.push(fc.constantFrom(...required).map((field) => ({ op: 'drop' as const, field })));
  const names = Object.keys(properties);
  if (names.length > 0) {
    arbitraries.push(
      fc.constantFrom(...names).chain((field) => {
        const fieldSchema = properties[field] as Json;
        const choices: fc.Arbitrary<FieldMutation>[] = [
          wrongTypeOf(fieldSchema).map((value) => ({
            op: 'set' as const,
            field,
            value,
            kind: 'wrongType' as const,
          })),
        ];
        const outside = outOfRangeValues(fieldSchema);
        if (outside.length > 0)
          choices.push(
            fc
              .constantFrom(...outside)
              .map((value) => ({ op: 'set' as const, field, value, kind: 'outOfRange' as const })),
          );
        const edges = edgeValues(fieldSchema);
        if (edges.length > 0)
          choices.push(
            fc
              .constantFrom(...edges)
              .map((value) => ({ op: 'set' as const, field, value, kind: 'edge' as const })),
          );
        return fc.oneof(...choices);
      }),
    );
  }
  arbitraries.push(
    fc
      .record({ field: fc.string({ minLength: 1, maxLength: 12 }), value: anyJson })
      .filter(({ field }) => !(field in properties))
      .map(({ field, value }) => ({ op: 'extra' as const, field, value })),
  );
  return arbitraries;
}

/**
 * A plan for a request body: absent, raw text (not JSON, or the wrong media type), another JSON
 * value than an object, or a sample of the schema with some fields replaced by values of the
 * running system (`picks`, resolved per case against the dictionary) and at most one mutation.
 */
export type BodyPlan =
  | { kind: 'absent' }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'notAnObject'; value: unknown }
  | { kind: 'sample'; value: unknown; picks: Record<string, number>; mutation: FieldMutation | undefined };

export function bodyPlanOf(schema: Json, mediaType: string): fc.Arbitrary<BodyPlan> {
  const { properties } = objectShape(schema);
  const names = Object.keys(properties);
  // Each field takes a value of the running system two times in three.
  const picks = fc
    .record(Object.fromEntries(names.map((name) => [name, fc.option(fc.nat(), { nil: undefined, freq: 3 })])))
    .map((chosen) =>
      Object.fromEntries(
        Object.entries(chosen).filter((entry): entry is [string, number] => entry[1] !== undefined),
      ),
    );
  const sample = fc.record({
    kind: fc.constant('sample' as const),
    value: sampleOf(schema),
    picks,
    mutation: fc.option(fc.oneof(...fieldMutations(schema)), { nil: undefined, freq: 2 }),
  });
  return fc.oneof(
    { weight: 12, arbitrary: sample },
    { weight: 1, arbitrary: fc.constant({ kind: 'absent' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        contentType: fc.constantFrom(mediaType, 'text/plain', 'application/xml', 'multipart/form-data'),
        text: fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom('{', '{"a":', '[1,', 'null', '{"__proto__":{"x":1}}'),
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('notAnObject' as const),
        value: anyJson.filter((value) => jsonType(value) !== 'object'),
      }),
    },
  );
}

/** How one parameter is sent: omitted, a sample, a value of the running system, or a broken one. */
export type ParamPlan =
  | { kind: 'omit' }
  | { kind: 'value'; value: unknown }
  | { kind: 'pick'; pick: number; fallback: unknown };

export function paramPlanOf(schema: Json, required: boolean): fc.Arbitrary<ParamPlan> {
  const sample = sampleOf(schema);
  const outside = outOfRangeValues(schema).filter((value) => value !== '');
  const broken = fc.oneof(
    wrongTypeOf(schema).filter(
      (value) => value !== '' && !Array.isArray(value) && jsonType(value) !== 'object',
    ),
    ...(outside.length > 0 ? [fc.constantFrom(...outside)] : []),
    fc.string({ minLength: 1, maxLength: 30 }),
  );
  const choices: fc.WeightedArbitrary<ParamPlan>[] = [
    { weight: 4, arbitrary: sample.map((value) => ({ kind: 'value' as const, value })) },
    {
      weight: 4,
      arbitrary: fc.record({ kind: fc.constant('pick' as const), pick: fc.nat(), fallback: sample }),
    },
    { weight: 2, arbitrary: broken.map((value) => ({ kind: 'value' as const, value })) },
  ];
  if (!required) choices.push({ weight: 4, arbitrary: fc.constant({ kind: 'omit' as const }) });
  return fc.oneof(...choices);
}

/**
 * The values of the running system (ids, codes, addresses, tokens, refs) a field may take. An
 * entry may name the fields it suits (by the contract's naming: `email`, `country`, `lang_id`…);
 * such a field takes only those. Only values valid for the field's schema are ever picked.
 */
export type Dictionary = { value: unknown; field?: RegExp }[];

/** The `pick`-th dictionary value valid for `schema` (of those suited to the field, if any), or undefined. */
export function pickFrom(dictionary: Dictionary, schema: Json, pick: number, field: string): unknown {
  const valid = validatorFor(schema);
  const candidates = dictionary.filter((entry) => valid(entry.value));
  const suited = candidates.filter((entry) => entry.field?.test(field));
  const pool = suited.length > 0 ? suited : candidates;
  return pool.length === 0 ? undefined : pool[pick % pool.length]?.value;
}

/** The body a plan describes, with its picks resolved against the dictionary. */
export function bodyOf(
  plan: Extract<BodyPlan, { kind: 'sample' }>,
  schema: Json,
  dictionary: Dictionary,
): unknown {
  const { properties } = objectShape(schema);
  const value = plan.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const body: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [field, pick] of Object.entries(plan.picks)) {
    const fieldSchema = properties[field];
    if (fieldSchema === undefined) continue;
    const picked = pickFrom(dictionary, fieldSchema, pick, field);
    if (picked !== undefined) body[field] = picked;
  }
  const mutation = plan.mutation;
  if (mutation?.op === 'drop') delete body[mutation.field];
  else if (mutation !== undefined) body[mutation.field] = mutation.value;
  return body;
}
