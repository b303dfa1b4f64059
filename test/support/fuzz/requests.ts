import fc from 'fast-check';
import { encodedParam, hostileJson, hostileQuery, hostileString, nearValid } from './arbitraries.js';
import type { RouteFuzz } from './routes.js';

/** One generated request: the path with its query string, and a body already written (JSON text or form data). */
export interface FuzzInput {
  path: string;
  body?: string | FormData;
  contentType?: string;
}

/** Raw texts a JSON parser has to refuse or survive. */
const RAW_BODIES = [
  '{',
  '{"a":',
  '[1,2',
  "{'a': 1}",
  '{"a": NaN}',
  '{"a": 1e999}',
  '{"a": -1e999}',
  '{"amount": 1, "amount": "x"}',
  '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}',
  '"\\u0000"',
  '{"a": "\\ud800"}',
  '{"a\\u0000b": 1}',
  'null',
  '0',
  '""',
  'true',
  '\u0000',
  '\ufeff{}',
  '[' .repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
];

/** A route's body: near valid for its fields, any JSON, or a raw text that is not JSON. */
function bodyOf(route: RouteFuzz): fc.Arbitrary<Pick<FuzzInput, 'body' | 'contentType'>> {
  const json = (value: unknown) => ({ body: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  return fc.oneof(
    { weight: route.body ? 12 : 0, arbitrary: route.body ? nearValid(route.body).map(json) : fc.constant(json({})) },
    { weight: 3, arbitrary: hostileJson.map(json) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((body) => ({ body, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.tuple(hostileString, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/xml')).map(([body, contentType]) => ({ body, contentType })) },
  );
}

const ROUTE_PARAM = /:(\w+)/g;

/** The inputs for one route: path parameters, query string and body, all generated. */
export function requestsFor(method: string, url: string, route: RouteFuzz): fc.Arbitrary<FuzzInput> {
  const params = url.match(ROUTE_PARAM)?.length ?? 0;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  return fc
    .record({
      params: fc.array(encodedParam, { minLength: params, maxLength: params }),
      query: fc.option(hostileQuery(route.query), { freq: route.query ? 12 : 3 }),
      body: hasBody ? (route.multipart ? multipartBody : bodyOf(route)) : fc.constant({}),
    })
    .map(({ params, query, body }) => {
      let index = 0;
      const path = url.replace(ROUTE_PARAM, () => params[index++]!);
      return { path: query ? `${path}?${query}` : path, ...body };
    });
}

// Uploads: a form with a file (right or wrong field name, any file name and type, bytes that are or are not an image).
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBP = [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')];

const fileBytes = fc.oneof(
  { weight: 6, arbitrary: fc.uint8Array({ maxLength: 2048 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(JPEG, PNG, WEBP), fc.uint8Array({ maxLength: 512 })).map(([magic, rest]) => Uint8Array.from([...magic, ...rest])) },
  { weight: 1, arbitrary: fc.constantFrom(Buffer.from('<svg onload=alert(1)>'), Buffer.from('%PDF-1.4'), new Uint8Array()) },
);

const multipartBody: fc.Arbitrary<Pick<FuzzInput, 'body' | 'contentType'>> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({
        field: fc.oneof(fc.constant('file'), fc.constant('photo'), hostileString),
        filename: fc.oneof(fc.constantFrom('photo.jpg', '../../etc/passwd', 'a\u0000.png', '🛵.webp', '', '.'), hostileString),
        type: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'text/html', 'application/octet-stream', 'image/svg+xml', ''),
        bytes: fileBytes,
        extra: fc.dictionary(fc.string({ maxLength: 10 }), hostileString, { maxKeys: 2 }),
      })
      .map(({ field, filename, type, bytes, extra }) => {
        const form = new FormData();
        for (const [key, value] of Object.entries(extra)) form.append(key, value);
        form.append(field, new Blob([bytes], { type }), filename);
        return { body: form };
      }),
  },
  // Broken forms: no boundary, a wrong one, a truncated part, or JSON where a form is due.
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      { body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff', contentType: 'multipart/form-data; boundary=x' },
      { body: 'garbage', contentType: 'multipart/form-data' },
      { body: '--y\r\n\r\n--y--', contentType: 'multipart/form-data; boundary=x' },
      { body: '{"file": "aGVsbG8="}', contentType: 'application/json' },
      { body: '', contentType: 'multipart/form-data; boundary=' + 'b'.repeat(100) },
    ),
  },
);
