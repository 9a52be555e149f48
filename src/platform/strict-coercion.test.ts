import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { coerceInput } from './strict-coercion.ts';
import { isSupportedDay } from '../kernel/calendar-dates.ts';

const one = (schema: unknown, value: unknown) =>
  (coerceInput(Type.Object({ v: schema as never }), { v: value }) as { v: unknown }).v;

describe('strict coercion of request text (validation.ts runs it before Ajv)', () => {
  it('reads only plain decimal numerals as integers, within the safe range', () => {
    const int = Type.Integer();
    for (const [text, n] of [
      ['0', 0],
      ['42', 42],
      ['-7', -7],
      ['9007199254740991', 9007199254740991],
    ] as const)
      assert.equal(one(int, text), n, text);
    for (const text of [
      'Infinity',
      '-Infinity',
      'NaN',
      '1e3',
      '1e999',
      '0x1',
      '0o7',
      '0b1',
      ' 1',
      '1 ',
      '01',
      '+1',
      '1.0',
      '1.5',
      '',
      '9007199254740993',
      '١',
      '1_000',
    ]) {
      assert.equal(one(int, text), text, `${JSON.stringify(text)} must stay text (Ajv then refuses it)`);
    }
  });

  it('reads only plain decimal notation as numbers, finite', () => {
    const num = Type.Number();
    for (const [text, n] of [
      ['1.5', 1.5],
      ['-0.25', -0.25],
      ['120', 120],
      ['1.0', 1],
    ] as const)
      assert.equal(one(num, text), n, text);
    for (const text of ['Infinity', 'NaN', '1e3', '1e-7', '.5', '1.', '0x10', ' 2', '+2', `1${'0'.repeat(400)}`])
      assert.equal(one(num, text), text, text);
  });

  it('keeps the rest of Ajv\'s coerceTypes "array": booleans, nulls, strings, one-element arrays, scalar to array', () => {
    assert.equal(one(Type.Boolean(), 'true'), true);
    assert.equal(one(Type.Boolean(), '0'), '0', 'text "0" was never a boolean for Ajv either');
    assert.equal(one(Type.Boolean(), 1), true);
    assert.equal(one(Type.Null(), ''), null);
    assert.equal(one(Type.String(), 12), '12');
    assert.equal(one(Type.Integer(), ['5']), 5, 'a query key repeated once');
    assert.deepEqual(one(Type.Array(Type.Integer()), '3'), [3]);
    assert.deepEqual(one(Type.Array(Type.Integer()), ['3', '0x4']), [3, '0x4']);
    assert.equal(one(Type.Union([Type.Integer(), Type.Null()]), ''), null);
  });

  it('never reads null as 0, false, empty text or a list, nor 0 or false as null', () => {
    for (const schema of [Type.Integer(), Type.Number(), Type.Boolean(), Type.String(), Type.Array(Type.String())])
      assert.equal(one(schema, null), null, `null for ${JSON.stringify(schema)} stays null (Ajv then refuses it)`);
    for (const v of [0, -0, false])
      assert.equal(one(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]), v), v, `${v} is not null`);
    assert.equal(one(Type.Null(), 0), 0);
  });

  it('takes the first union branch the value fits, bounds included, as Ajv does', () => {
    const receiver = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ minLength: 1 })]);
    assert.equal(one(receiver, '42'), 42, 'digits: a user id');
    assert.equal(one(receiver, '0'), '0', 'below the integer branch: the text branch');
    assert.equal(one(receiver, '0x2A'), '0x2A', 'never the user 42');
    assert.equal(one(Type.Union([Type.Integer(), Type.Null()]), 'Infinity'), 'Infinity');
    assert.equal(
      one(Type.Union([Type.String({ minLength: 1 }), Type.Null()]), null),
      null,
      'null for a nullable text member stays null',
    );
    assert.equal(
      one(Type.Union([Type.String({ pattern: '^[a-z]+$' }), Type.Integer()]), '12'),
      12,
      'the branch the text satisfies',
    );
  });

  it('asks the validator, when given one, whether a union branch is satisfied', () => {
    const union = Type.Union([
      Type.Object({ kind: Type.Literal('a'), n: Type.Integer() }),
      Type.Object({ kind: Type.Literal('b'), n: Type.Integer() }),
    ]);
    const fits = (branch: Record<string, unknown>, v: unknown) =>
      (v as { kind?: string }).kind === (branch.properties as { kind: { const: string } }).kind.const;
    assert.deepEqual(coerceInput(Type.Object({ v: union }), { v: { kind: 'b', n: '3' } }, { fits }), {
      v: { kind: 'b', n: 3 },
    });
  });

  it('walks nested objects and arrays, and leaves members it does not know alone', () => {
    const schema = Type.Object({
      guests: Type.Object({ adults: Type.Integer() }),
      rooms: Type.Array(Type.Object({ count: Type.Integer() })),
    });
    const value = { guests: { adults: '2' }, rooms: [{ count: '1' }, { count: '1e1' }], extra: '7' };
    assert.deepEqual(coerceInput(schema, value), {
      guests: { adults: 2 },
      rooms: [{ count: 1 }, { count: '1e1' }],
      extra: '7',
    });
  });

  it('accepts real dates from 1900-01-01 to 2200-12-31 only', () => {
    for (const d of ['1900-01-01', '2024-02-29', '2200-12-31', '2026-12-31']) assert.ok(isSupportedDay(d), d);
    for (const d of [
      '0000-01-01',
      '0001-01-01',
      '1899-12-31',
      '2201-01-01',
      '9999-12-31',
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-1-01',
      ' 2026-01-01',
      '+02026-01-01',
    ])
      assert.ok(!isSupportedDay(d), d);
  });
});
