import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLNamedInputType,
} from 'graphql';

/**
 * fast-check arbitraries for the variables of any GraphQL input type: mostly values of the right
 * shape with hostile contents (huge and Unicode strings, negative and huge numbers, impossible
 * dates), and wrong-typed values, nulls where required and unknown fields. An id is never one that
 * exists: id-typed and id-named values are ≥ 10^12, ≤ 0 or not a number at all, so no generated
 * request can reach an existing row.
 */

const NASTY = [
  '',
  ' ',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%s%s%s%n',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  '\u0000',
  '\u202eevil',
  'ｆｕｌｌ ｗｉｄｔｈ',
  'Zoë 李 محمد 😀👨‍👩‍👧',
  '\ud800',
  'a\r\nb',
  'user@example.com',
  'not-an-email@',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  '25:61',
  'http://127.0.0.1:1/x',
  'rtsp://user:pass@[::1]:1/stream',
];

/** Strings that could name an existing row by id (small positive integers), which the fuzz never sends. */
const SMALL_ID = /^\s*\+?\d{1,11}\s*$/;

const huge = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '\u202e', ' ', '0', '\u0000'), fc.integer({ min: 300, max: 70_000 }))
  .map(([c, n]) => c.repeat(n));

const anyText = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
  { arbitrary: fc.constantFrom(...NASTY), weight: 3 },
  { arbitrary: fc.emailAddress(), weight: 1 },
  { arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), weight: 1 },
  { arbitrary: huge, weight: 1 },
);
const text = anyText.filter((s) => !SMALL_ID.test(s));

const farId = fc.bigInt({ min: 10n ** 12n, max: 10n ** 15n }).map(String);
const idValue = fc.oneof(
  { arbitrary: farId, weight: 4 },
  { arbitrary: fc.integer({ min: -2_147_483_648, max: 0 }).map(String), weight: 1 },
  { arbitrary: fc.integer({ min: -2_147_483_648, max: 0 }), weight: 1 },
  { arbitrary: fc.bigInt({ min: 10n ** 12n, max: 10n ** 15n }).map(Number), weight: 1 },
  { arbitrary: fc.uuid(), weight: 1 },
  { arbitrary: text, weight: 1 },
);

const int32 = fc.oneof(
  { arbitrary: fc.integer({ min: -5, max: 100 }), weight: 3 },
  { arbitrary: fc.constantFrom(0, -1, 1, 2_147_483_647, -2_147_483_648), weight: 2 },
  { arbitrary: fc.integer(), weight: 2 },
);
const float = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0.5, 1e308, -1e308, 5e-324));

/** Values `named` does not accept (kept clear of small positive integers, which ID, Int and Float would take). */
function wrongFor(named: GraphQLNamedInputType): fc.Arbitrary<unknown> {
  const numeric = ['Int', 'Float', 'ID'].includes(named.name);
  // Never a digit string: a list of strings is a valid list of ids.
  const word = fc.oneof(fc.boolean(), fc.constantFrom('x', 'é', '', 'abc', '😀', '[]'));
  const options: fc.Arbitrary<unknown>[] = [
    fc.boolean(),
    fc.array(word, { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), word, { maxKeys: 3 }),
    fc.constantFrom(1.5, -0.25, 2 ** 31, 2 ** 53 + 2, 1e300, -1e300),
  ];
  if (!numeric) options.push(fc.integer({ min: -1000, max: 0 }));
  if (named.name !== 'String' && named.name !== 'ID' && !isEnumType(named)) options.push(text);
  if (isEnumType(named)) options.push(fc.constantFrom(...named.getValues().map((v) => v.name.toLowerCase() + '_x')));
  return fc.oneof(...options);
}

const ID_NAME = /(^|_)ids?$|[a-z]Ids?$/;

function scalarFor(named: GraphQLNamedInputType, fieldName: string): fc.Arbitrary<unknown> {
  if (isEnumType(named)) return fc.constantFrom(...named.getValues().map((v) => v.name));
  const idLike = named.name === 'ID' || ID_NAME.test(fieldName);
  switch (named.name) {
    case 'ID':
      return idValue;
    case 'Int':
      return idLike ? fc.integer({ min: -2_147_483_648, max: 0 }) : int32;
    case 'Float':
      return idLike ? fc.double({ max: 0, noNaN: true, noDefaultInfinity: true }) : float;
    case 'Boolean':
      return fc.boolean();
    case 'String':
      return idLike ? idValue.map(String) : text;
    default:
      // Custom scalars (DateTime, …): strings of every kind, dates among them.
      return text;
  }
}

export interface ValueOptions {
  /** How deep input objects nest before only nulls are offered. */
  depth?: number;
}

/** A value for `type`: well-shaped most of the time, wrong-typed, null or with unknown fields otherwise. */
export function valueFor(type: GraphQLInputType, fieldName: string, depth = 0): fc.Arbitrary<unknown> {
  const named = getNamedType(type) as GraphQLNamedInputType;
  return fc.oneof(
    { arbitrary: shapedFor(type, fieldName, depth), weight: 8 },
    { arbitrary: wrongFor(named), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
}

function shapedFor(type: GraphQLInputType, fieldName: string, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return shapedFor(type.ofType, fieldName, depth);
  if (isListType(type)) {
    const item = valueFor(type.ofType, fieldName, depth + 1);
    // A lone value is coerced into a one-item list; lists can also be long.
    return fc.oneof(
      { arbitrary: fc.array(item, { maxLength: 4 }), weight: 6 },
      { arbitrary: item, weight: 1 },
      { arbitrary: fc.array(item, { minLength: 200, maxLength: 600 }), weight: depth === 0 ? 1 : 0 },
    );
  }
  const named = getNamedType(type) as GraphQLNamedInputType;
  if (isInputObjectType(named)) {
    if (depth > 3) return fc.constant(null);
    const fields = Object.values(named.getFields());
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const f of fields) model[f.name] = valueFor(f.type, f.name, depth + 1);
    const required = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => f.name);
    const record = fc.oneof(
      { arbitrary: fc.record(model, { requiredKeys: required }), weight: 6 },
      { arbitrary: fc.record(model, { requiredKeys: [] }), weight: 1 },
    );
    return fc.oneof(
      { arbitrary: record, weight: 6 },
      // An unknown field next to the real ones.
      {
        arbitrary: fc.tuple(record, fc.string({ maxLength: 12 }), text).map(([r, k, v]) => ({ ...(r as object), [`x_${k}`]: v })),
        weight: 1,
      },
    );
  }
  if (isScalarType(named) || isEnumType(named)) return scalarFor(named, fieldName);
  return fc.constant(null);
}
