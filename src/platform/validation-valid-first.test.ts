// A body Ajv accepts as sent skips the strict coercion (validation.ts): these hold that shortcut
// to the full path (coerce, then validate) on random schemas and values, unions and references
// included, so a schema the shortcut would read differently is found here rather than by a client.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mayChangeValid, strictAjvOptions, strictSchemaController } from './validation.ts';
import { PreviewBody } from '../modules/reservations/preview.schemas.ts';
import { MultiRoomBody, SimpleBody } from '../modules/reservations/create-reservation.schemas.ts';

type Schema = Record<string, unknown>;
interface Validator {
  (data: unknown, ctx?: { parentData: Record<string, unknown>; parentDataProperty: string }): boolean;
  errors?: unknown;
}

const SHARED = {
  $id: 'ValidFirstShared',
  type: 'object',
  properties: { n: { type: 'integer' }, d: { type: 'string', format: 'date' } },
};

function validatorOf(schema: Schema, validFirst: boolean): Validator {
  const controller = strictSchemaController({ validFirst }) as unknown as {
    compilersFactory: {
      buildValidator: (
        external: Record<string, unknown>,
        options: unknown,
      ) => (route: Record<string, unknown>) => Validator;
    };
  };
  const build = controller.compilersFactory.buildValidator({ [SHARED.$id]: SHARED }, strictAjvOptions);
  return build({ schema, httpPart: 'body', method: 'POST', url: '/valid-first' });
}

const KEYS = ['a', 'b', 'c'] as const;

// Schemas of the kinds route bodies use; unions and references appear, so the fallback is checked too.
const schemaArb: fc.Arbitrary<Schema> = fc.letrec<{ node: Schema; leaf: Schema; object: Schema }>((tie) => ({
  leaf: fc.oneof(
    fc.record({ type: fc.constant('integer'), minimum: fc.constant(0) }, { requiredKeys: ['type'] }),
    fc.constant({ type: 'number' }),
    fc.record({ type: fc.constant('string'), maxLength: fc.constant(6) }, { requiredKeys: ['type'] }),
    fc.constant({ type: 'string', format: 'date' }),
    fc.constant({ type: 'boolean' }),
    fc.constant({ type: ['integer', 'null'] }),
    fc.constant({ type: ['string', 'null'] }),
    fc.constant({ type: 'integer', default: 7 }),
    fc.constant({}),
    fc.constant({ $ref: 'ValidFirstShared#' }),
  ),
  object: fc
    .record({
      properties: fc.dictionary(fc.constantFrom(...KEYS), tie('node'), { maxKeys: 3 }),
      required: fc.subarray([...KEYS]),
      additionalProperties: fc.oneof(fc.constant(undefined), fc.constant(false), tie('leaf')),
    })
    .map(({ properties, required, additionalProperties }) => ({
      type: 'object',
      properties,
      required: required.filter((k) => k in properties),
      ...(additionalProperties === undefined ? {} : { additionalProperties }),
    })),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    tie('object'),
    fc.record({ type: fc.constant('array'), items: tie('node'), maxItems: fc.constant(3) }),
    fc.tuple(tie('leaf'), tie('leaf')).map(([x, y]) => ({ anyOf: [x, y] })),
  ),
})).object;

const TEXT = [
  '1',
  '-2',
  '1.5',
  '1e3',
  '0x1',
  ' 1',
  '01',
  'true',
  'false',
  'null',
  '',
  '2027-01-31',
  '2027-02-30',
  'abc',
];
const loose: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.5, -1.25),
  fc.constantFrom(...TEXT),
  fc.boolean(),
  fc.constant(null),
);

/** Mostly what the schema asks for, often in the text forms the coercion reads, sometimes neither. */
function arbitraryOf(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return loose;
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  const anyOf = s.anyOf as Schema[] | undefined;
  if (anyOf) return fc.oneof(...anyOf.map((x) => arbitraryOf(x, depth + 1)));
  if (s.$ref) return arbitraryOf(SHARED, depth + 1);
  const arbs: Array<fc.Arbitrary<unknown>> = [loose];
  for (const t of types) {
    if (t === 'integer') arbs.push(fc.integer({ min: -2, max: 50 }), fc.integer({ min: 0, max: 50 }).map(String));
    if (t === 'number') arbs.push(fc.constantFrom(0, 2.5, -7), fc.constantFrom('2.5', '3'));
    if (t === 'string')
      arbs.push(
        s.format === 'date' ? fc.constantFrom('2027-01-31', '2027-02-30', '31/01/2027') : fc.string({ maxLength: 8 }),
        fc.integer().map((n) => n),
      );
    if (t === 'boolean') arbs.push(fc.boolean(), fc.constantFrom('true', 'false'));
    if (t === 'null') arbs.push(fc.constant(null));
    if (t === 'array') arbs.push(fc.array(arbitraryOf(s.items as Schema, depth + 1), { maxLength: 3 }));
    if (t === 'object') {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const members = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v, depth + 1)]));
      arbs.push(fc.record({ ...members, z: loose }, { requiredKeys: [] }));
    }
  }
  const weighted = arbs.map((arbitrary, i) => ({ arbitrary, weight: i === 0 ? 1 : 4 }));
  return fc.oneof(...weighted);
}

describe('bodies valid as sent skip the strict coercion (platform/validation.ts)', () => {
  it('finds where the coercion could change a valid value: unions, through references, and unresolved ones', () => {
    const none = () => undefined;
    const defs = (ref: string) =>
      ref === '#/$defs/u'
        ? { anyOf: [{ type: 'integer' }, { type: 'string' }] }
        : ref === '#/$defs/i'
          ? { type: 'integer' }
          : undefined;
    assert.equal(
      mayChangeValid(
        { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'array', items: { type: 'string' } } } },
        none,
      ),
      false,
    );
    assert.equal(
      mayChangeValid({ type: 'object', properties: { a: { anyOf: [{ type: 'integer' }, { type: 'string' }] } } }, none),
      true,
    );
    assert.equal(mayChangeValid({ type: 'array', items: { oneOf: [{ type: 'integer' }] } }, none), true);
    assert.equal(mayChangeValid({ type: 'object', properties: { a: { $ref: '#/$defs/u' } } }, defs), true);
    assert.equal(mayChangeValid({ type: 'object', properties: { a: { $ref: '#/$defs/i' } } }, defs), false);
    assert.equal(mayChangeValid({ type: 'object', properties: { a: { $ref: 'Unknown#' } } }, none), true);
    // Member names and data that look like keywords are not schemas.
    assert.equal(
      mayChangeValid({ type: 'object', properties: { anyOf: { type: 'integer', default: { oneOf: 1 } } } }, none),
      false,
    );
  });

  it('the booking and preview bodies take the shortcut', () => {
    for (const body of [PreviewBody, SimpleBody, MultiRoomBody])
      assert.equal(
        mayChangeValid(body, () => undefined),
        false,
      );
  });

  it('decides every body as coercing first would: same verdict, same value, same errors (model test)', () => {
    fc.assert(
      fc.property(
        schemaArb.chain((schema) => fc.tuple(fc.constant(schema), arbitraryOf(schema))),
        ([schema, value]) => {
          const outcome = (validFirst: boolean) => {
            const validate = validatorOf(schema, validFirst);
            const parent = { body: structuredClone(value) as unknown };
            const ok = validate(parent.body, { parentData: parent, parentDataProperty: 'body' });
            return { ok, body: parent.body, errors: validate.errors };
          };
          assert.deepEqual(outcome(true), outcome(false), JSON.stringify(schema));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('still reads the text forms of numbers and the union branches as before', () => {
    const schema = {
      type: 'object',
      properties: { n: { type: 'integer' }, u: { anyOf: [{ type: 'integer' }, { type: 'string' }] } },
    };
    for (const validFirst of [true, false]) {
      const validate = validatorOf(schema, validFirst);
      const parent: Record<string, unknown> = { body: { n: '12', u: '42' } };
      assert.equal(validate(parent.body, { parentData: parent, parentDataProperty: 'body' }), true);
      assert.deepEqual(parent.body, { n: 12, u: 42 });
      const union = validatorOf({ type: 'object', properties: { u: schema.properties.u } }, validFirst);
      const typed: Record<string, unknown> = { body: { u: '42' } };
      assert.equal(union(typed.body, { parentData: typed, parentDataProperty: 'body' }), true);
      assert.deepEqual(
        typed.body,
        { u: 42 },
        'a union takes the first branch the value fits once coerced, valid as sent or not',
      );
    }
  });
});
