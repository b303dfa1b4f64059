import fc from 'fast-check';

// Generators of hostile input for the fuzz suite: values of every JSON type that a field should not accept, and
// "near valid" objects (a route's real fields, each valid or mutated, sometimes with unknown fields beside them).

/** Strings that break naive code: NUL, lone surrogates, RTL and zero-width marks, injections, numbers as text. */
const NASTY_STRINGS = [
  '',
  ' ',
  '   \t\n ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(40),
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  '\u200b\u200d\ufeff',
  '🛵📦🇬🇳👩🏽‍🚀',
  '🛵'.repeat(500),
  'مرحبا بالعالم',
  'שלום',
  'Ç\u0327a\u0301',
  '\\',
  '\\u0000',
  '%00',
  '%zz',
  '../../../etc/passwd',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '$1',
  '${{7*7}}',
  '<script>alert(1)</script>',
  '{"$gt": ""}',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '99999999999999999999999999999',
  '-99999999999999999999999999999',
  '2026-02-30',
  '0000-00-00',
  '9999-W99',
  '2026-W20',
  '+224620000000',
  '+224 620 00 00 01',
  '620000001',
  '00000000-0000-0000-0000-000000000000',
  '------------------------------------',
  'ffffffff-ffff-ffff-ffff-ffffffffffffff',
  'COURSE_1234567890',
  'COURSE_99999999999999999999',
];

/** Big strings: up to just under the 1 MB body limit (validation must bound them) and just over it (413). */
export const hugeString = fc.constantFrom(1_000, 10_000, 100_000, 1_000_000 - 200, 1_100_000).chain((length) =>
  fc.constantFrom('x', 'é', '🛵', '\u0000', '9').map((unit) => unit.repeat(Math.ceil(length / unit.length))),
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 100, maxLength: 500 }) },
  { weight: 1, arbitrary: fc.constantFrom(201, 301, 1001, 2001, 5000).map((length) => 'é'.repeat(length)) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.integer({ min: -10, max: 10 }),
  fc.double(), // NaN and ±Infinity become null in JSON
  fc.double({ min: -1000, max: 1000, noNaN: true }),
  fc.maxSafeInteger(),
  fc.constantFrom(
    0, -0, -1, 1, 0.5, -0.5, 1.0000001, 5, 6, 4999, 5000, 5001, 90, 90.0000001, 91, -91, 180, 180.0000001, 181, -181, 360,
    2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 2 ** 63, 1e21, 1e308, -1e308,
    Number.MAX_VALUE, Number.MIN_VALUE, Number.EPSILON, 1e-300,
  ),
);

// Huge strings are rarer (in hostileValue only): a megabyte per input would make the run a test of the body parser.
const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 4, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Any JSON value: leaves above, nested in arrays and objects (keys as hostile as the values). */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', maxDepth: 4 }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 6 }),
  object: fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', '', '\u0000', 'id', '$where')), tie('node'), {
    maxKeys: 6,
  }),
})).node;

/** A value of the wrong kind for a field: any JSON, an array or an object where a scalar is due, or the reverse. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 40, arbitrary: leaf },
  { weight: 16, arbitrary: hostileJson },
  { weight: 8, arbitrary: fc.array(leaf, { maxLength: 3 }) },
  { weight: 8, arbitrary: fc.constant({}) },
  { weight: 8, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: hugeString },
);

/** A field's valid values: a generator, or the fields of a nested object. */
export type Shape = { [field: string]: fc.Arbitrary<unknown> | Shape };

const isArbitrary = (value: unknown): value is fc.Arbitrary<unknown> => value instanceof fc.Arbitrary;

/** A valid object of the shape (every field valid). */
export function valid(shape: Shape): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, isArbitrary(field) ? field : valid(field)])));
}

const ABSENT = Symbol('absent');
const withoutAbsent = (entries: [string, unknown][]) => Object.fromEntries(entries.filter(([, value]) => value !== ABSENT));

/** Unknown fields, sometimes with the names of known ones in other letter cases. */
const extraFields = (shape: Shape) =>
  fc.dictionary(
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...Object.keys(shape).map((key) => key.toUpperCase()), 'id', 'price', 'role', 'is_admin', 'status', 'user_id')),
    hostileValue,
    { minKeys: 1, maxKeys: 3 },
  );

/** Every field valid but one, which is mutated (a hostile value, missing, or for a nested object: near valid). */
export function oneMutation(shape: Shape): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shape);
  if (!keys.length) return fc.constant({});
  return fc.tuple(valid(shape), fc.constantFrom(...keys), fc.nat()).chain(([base, key, choice]) => {
    const field = shape[key]!;
    const mutated: fc.Arbitrary<unknown> =
      choice % 5 === 0 ? fc.constant(ABSENT) : !isArbitrary(field) && choice % 5 === 1 ? oneMutation(field) : hostileValue;
    return mutated.map((value) => withoutAbsent(Object.entries({ ...base, [key]: value })));
  });
}

/** Each field valid, mutated or missing, nested objects alike, and sometimes unknown fields. */
export function manyMutations(shape: Shape): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(shape).map(([key, field]) =>
    fc
      .oneof(
        { weight: 5, arbitrary: isArbitrary(field) ? field : manyMutations(field) },
        { weight: 4, arbitrary: hostileValue },
        { weight: 1, arbitrary: fc.constant<unknown>(ABSENT) },
      )
      .map((value) => [key, value] as [string, unknown]),
  );
  return fc
    .tuple(fc.tuple(...fields), fc.option(extraFields(shape), { freq: 3 }))
    .map(([entries, extra]) => ({ ...withoutAbsent(entries), ...(extra ?? {}) }));
}

/** A valid object with unknown fields added. */
export function withExtraFields(shape: Shape): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(valid(shape), extraFields(shape)).map(([base, extra]) => ({ ...base, ...extra }));
}

/** The inputs of a route's body or query: mostly near valid, sometimes valid, sometimes any JSON at all. */
export function nearValid(shape: Shape): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: oneMutation(shape) },
    { weight: 4, arbitrary: manyMutations(shape) },
    { weight: 1, arbitrary: valid(shape) },
    { weight: 1, arbitrary: withExtraFields(shape) },
    { weight: 1, arbitrary: valid(shape).map((object) => [object]) },
    { weight: 2, arbitrary: hostileJson },
  );
}

// Valid values of the API's fields.
export const validPhone = fc.integer({ min: 0, max: 9_999_999 }).map((n) => `+22462${String(n).padStart(7, '0')}`);
export const validPassword = fc.string({ minLength: 8, maxLength: 30, unit: 'grapheme-ascii' });
export const validName = fc.constantFrom('Fatoumata Bah', 'Mamadou Barry', 'Aïssatou Sylla', 'N’Faly Kouyaté');
export const validEmail = fc.constantFrom('fatou@example.gn', 'a.b+c@exemple.com', '', null);
export const latitude = fc.double({ min: -90, max: 90, noNaN: true });
export const longitude = fc.double({ min: -180, max: 180, noNaN: true });
export const conakryLatitude = fc.double({ min: 9.5, max: 9.7, noNaN: true });
export const conakryLongitude = fc.double({ min: -13.8, max: -13.5, noNaN: true });
export const address = fc.constantFrom('Kaloum, Conakry', 'Ratoma, marché de Taouyah', 'Matoto 🛵', 'Dixinn — rue DI-215');
export const orderId = fc.integer({ min: 1_000_000_000, max: 2_000_000_000 }).map((n) => `COURSE_${n}000`);
export const futureDate = fc.integer({ min: 2027, max: 2035 }).map((year) => `${year}-06-15`);
export const isoWeek = fc.tuple(fc.integer({ min: 2020, max: 2030 }), fc.integer({ min: 1, max: 53 })).map(([y, w]) => `${y}-W${String(w).padStart(2, '0')}`);

/** Path parameters: a plausible id, or anything a URL can carry (encoded on the way). */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.uuid().map((uuid) => uuid.toUpperCase()) },
  // Near UUIDs: one character off, a brace, a missing dash, 36 dashes or hex digits (a loose /^[0-9a-f-]{36}$/ passes them).
  { weight: 3, arbitrary: fc.tuple(fc.uuid(), fc.nat(35), fc.constantFrom('g', 'z', '-', 'x', '{', ' ', '0')).map(([u, i, c]) => u.slice(0, i) + c + u.slice(i + 1)) },
  { weight: 2, arbitrary: fc.stringMatching(/^[0-9a-f-]{36}$/) },
  { weight: 1, arbitrary: fc.uuid().map((uuid) => `{${uuid}}`) },
  { weight: 1, arbitrary: fc.uuid().map((uuid) => uuid.replace(/-/g, '')) },
  { weight: 4, arbitrary: fc.constantFrom('0', '-1', '1', '1.5', 'null', 'undefined', 'NaN', '.', '..', '../..', '../../etc/passwd', '%00', '%', '\u0000', 'a\u0000b', ' ', '🛵', 'مرحبا', "1' OR '1'='1", 'COURSE_1234567890000', 'SBX-00000000-0000-0000-0000-000000000000', '9'.repeat(40), 'a'.repeat(99), '$', '*') },
  { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** encodeURIComponent, with lone surrogates (which UTF-8 cannot carry) replaced as a browser would. */
export const encode = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'));

/** How a path parameter is written into the URL: encoded, raw where the URL allows it, or double-encoded. */
export const encodedParam = fc.tuple(hostileParam, fc.nat(9)).map(([param, how]) =>
  how === 0 ? encodeURIComponent(encode(param)) : how === 1 && /^[\w.~%-]+$/.test(param) ? param : encode(param),
);

/** Query strings: near-valid pairs of the route's parameters, junk pairs, repeated keys, raw undecodable text. */
export function hostileQuery(shape: Shape | undefined): fc.Arbitrary<string> {
  const pairs = fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('status', 'limit', 'role', 'id', '__proto__', 'a[b]', 'new_status')), hostileString, { maxKeys: 4 });
  // Values past 20 000 characters would only meet the 16 KB limit of the URL (431), which one test covers.
  const encodeValue = (item: unknown) => encode((typeof item === 'object' ? JSON.stringify(item) : String(item)).slice(0, 20_000));
  const toQuery = (object: unknown) =>
    object && typeof object === 'object' && !Array.isArray(object)
      ? Object.entries(object)
          .flatMap(([key, item]) => (Array.isArray(item) ? item : [item]).map((one) => `${encode(key)}=${encodeValue(one)}`))
          .join('&')
      : `q=${encodeValue(object)}`;
  return fc.oneof(
    { weight: 6, arbitrary: shape ? nearValid(shape).map(toQuery) : pairs.map(toQuery) },
    { weight: 2, arbitrary: pairs.map(toQuery) },
    { weight: 1, arbitrary: fc.constantFrom('a=%zz', '%', '=&=&', '&&&', 'status=%00', 'limit=1e999', 'limit=-0', 'x=' + '%F0%9F'.repeat(3), 'status=a&status=b', 'limit=1&limit=2', '__proto__[x]=1') },
    { weight: 1, arbitrary: fc.constant('') },
  );
}
