import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Role } from '@coursa/domain';
import { newIp, signedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Property-based fuzzing of every route the API registers: generated path parameters, query strings and JSON bodies
// (wrong types, huge and unicode strings, NUL characters, negative, huge and fractional numbers, out-of-range
// coordinates, unknown fields, arrays for objects), sent by a caller the route lets in. Whatever comes in: never a
// 5xx, always the `{detail, code}` error shape, never a stack trace or SQL in an answer, and nothing that reaches
// PostgreSQL unvalidated (a database error would be logged as an unexpected error). FUZZ_RUNS sets the inputs per
// route, FUZZ_SEED replays a run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const CONCURRENCY = 16;

let app: TestApp;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  app = await startTestApp();
  for (const role of ['client', 'independent_delivery', 'admin', 'super_admin'] as Role[]) tokens.set(role, (await signedIn(app, role)).token);
});
afterAll(async () => {
  await app?.close();
});

/** Who calls a route: someone it lets in, so the input gets past the guard to the validation. */
function callerOf(url: string): Role | undefined {
  if (url.startsWith('/api/super-admin')) return 'super_admin';
  if (/^\/api\/(admin|dashboard|users|upload|files)\//.test(url)) return 'admin';
  if (url.startsWith('/api/delivery')) return 'independent_delivery';
  if (url === '/metrics' || url.startsWith('/sandbox')) return undefined;
  return 'client';
}

// Field names the API reads somewhere, so generated objects hit real fields as well as unknown ones.
const FIELDS = [
  'phone', 'password', 'new_password', 'current_password', 'full_name', 'email', 'role', 'token', 'refresh_token', 'otp',
  'code', 'contact', 'method', 'referral_code', 'accept_terms', 'pickup_location', 'delivery_location', 'address',
  'latitude', 'longitude', 'instructions', 'recipient_phone', 'pickup_contact_phone', 'delivery_contact_phone',
  'description', 'package_type', 'payment_method', 'payment_reference', 'promo_code', 'amount', 'order_id',
  'card_number', 'expiry_month', 'expiry_year', 'cvv', 'cardholder_name', 'provider', 'course_id', 'rating', 'comment',
  'reason', 'dispute_type', 'status', 'note', 'iso_week', 'courier_id', 'commission_ids', 'vehicle_type', 'blood_group',
  'date_of_birth', 'personal_photo_id', 'id_photo_id', 'notif_token', 'txnid', 'externalId', 'financialTransactionId',
  'outcome', 'new_status', 'issue', 'limit', 'action', 'resource_type', 'period', 'lat', 'lng', '__proto__', 'constructor',
];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '🛵'.repeat(100), 'مرحبا', '../../etc/passwd', "' OR 1=1 --", '<script>', '%00', 'NaN', '1e309'),
  fc.constantFrom(10, 1_000, 100_000).map((n) => 'x'.repeat(n)),
  fc.uuid(),
  fc.constantFrom('+224620000000', '620000000', '+33612345678', '2020-W01', '9999-W99', 'pending', 'delivered', 'orange_money', 'paycard'),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 5, 6, 91, -181, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, Number.MAX_SAFE_INTEGER, 0.5, -0.0),
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 5 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), tie('node'), { maxKeys: 8 }),
})).node;
/** Objects made of the API's own field names with hostile values, or any JSON at all. */
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { minKeys: 1, maxKeys: 10 }),
  fc.record({
    pickup_location: fc.record({ address: hostileString, latitude: hostileNumber, longitude: hostileNumber }),
    delivery_location: fc.record({ address: hostileString, latitude: hostileNumber, longitude: hostileNumber }),
    recipient_phone: hostileString,
    payment_method: hostileString,
  }),
  value,
);
const pathParam = fc.oneof(
  fc.uuid(),
  fc.constantFrom('0', '-1', 'null', 'undefined', '..', '%00', '%27', 'COURSE_1', 'a'.repeat(200), '00000000-0000-0000-0000-000000000000'),
  fc.stringMatching(/^[\w.~-]{1,40}$/),
);
const query = fc.dictionary(fc.oneof(fc.constantFrom('new_status', 'issue', 'limit', 'action', 'resource_type', 'period', 'status', 'role', 'token', 'orderId'), fc.string({ maxLength: 8 })), fc.oneof(hostileString, hostileNumber.map(String)), { maxKeys: 4 });

interface Input {
  path: string;
  body?: unknown;
}

function inputs(method: string, url: string): Input[] {
  const request = fc.record({ params: fc.array(pathParam, { minLength: 3, maxLength: 3 }), query, body: fc.option(body, { nil: undefined }) });
  return fc.sample(request, { numRuns: RUNS, seed: SEED + url.length + method.length }).map(({ params, query, body }) => {
    let index = 0;
    const path = url.replace(/:\w+/g, () => encodeURIComponent(params[index++]!));
    const search = new URLSearchParams(Object.entries(query).map(([key, val]) => [key, String(val)])).toString();
    return { path: search ? `${path}?${search}` : path, body: method === 'GET' || method === 'DELETE' ? undefined : body };
  });
}

const LEAKS = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|prisma|SELECT |INSERT |UPDATE |postgres|stack/i;

describe('requests the HTTP parser refuses', () => {
  it('answers an address or headers over 16 KB with 431 in French, not with Fastify\'s English default', async () => {
    const longUrl = await app.request('GET', `/api/courses?q=${'x'.repeat(20_000)}`);
    expect(longUrl.status).toBe(431);
    expect(longUrl.body).toEqual({ detail: "L'adresse ou les en-têtes de la requête sont trop longs.", code: 'HEADERS_TOO_LARGE' });
    const longHeader = await app.request('GET', '/api/health', undefined, { headers: { 'x-filler': 'y'.repeat(20_000) } });
    expect(longHeader.status).toBe(431);
    expect(longHeader.body.code).toBe('HEADERS_TOO_LARGE');
  });

  it('answers a path parameter over 100 characters and an undecodable URL in the same shape', async () => {
    const longId = await app.request('GET', `/api/courses/${'a'.repeat(150)}`);
    expect(longId).toMatchObject({ status: 414, body: { detail: "L'adresse de la requête est trop longue.", code: 'URI_TOO_LONG' } });
    const badUrl = await app.request('GET', '/api/courses/%E0%A4%A');
    expect(badUrl).toMatchObject({ status: 400, body: { detail: "L'adresse de la requête n'est pas valide.", code: 'BAD_URL' } });
  });
});

describe('found by the fuzzing, kept as examples', () => {
  it('refuses a NUL character in a query with a 400 instead of passing it to PostgreSQL', async () => {
    const answer = await app.request('GET', '/api/super-admin/audit-logs?resource_type=a%00b', undefined, { token: tokens.get('super_admin') });
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });
});

describe('every route under generated input', () => {
  let total = 0;

  it('covers every route the API registers', () => {
    expect(app.routes.length).toBeGreaterThan(70);
  });

  it.each([...Array(1).keys()])('never answers 5xx, always {detail, code}, never leaks (seed printed on failure)', async () => {
    const failures: string[] = [];
    for (const route of app.routes) {
      const role = callerOf(route.url);
      const token = role ? tokens.get(role) : undefined;
      const queue = inputs(route.method, route.url);
      total += queue.length;
      const worker = async () => {
        for (let input = queue.pop(); input; input = queue.pop()) {
          const answer = await app.request(route.method, input.path, input.body, { token, ip: newIp() }).catch((error: Error) => ({
            status: 0,
            body: error.message,
            headers: new Headers(),
          }));
          const problem =
            answer.status === 0 || answer.status >= 500
              ? `status ${answer.status}`
              : answer.status >= 400 && (typeof answer.body?.detail !== 'string' || typeof answer.body?.code !== 'string')
                ? 'not the {detail, code} shape'
                : LEAKS.test(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))
                  ? 'leaks internals'
                  : null;
          if (problem && failures.length < 20) {
            failures.push(`${route.method} ${input.path.slice(0, 200)} ${JSON.stringify(input.body)?.slice(0, 300)} → ${problem}: ${JSON.stringify(answer.body).slice(0, 300)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    }
    console.log(`fuzz: ${total} inputs over ${app.routes.length} routes (${RUNS} each, seed ${SEED})`);
    expect({ seed: SEED, failures }).toEqual({ seed: SEED, failures: [] });
    // Nothing reached PostgreSQL or a provider unvalidated: such an error would have been logged as unexpected.
    const unexpected = app.logs.filter((line) => {
      const entry = JSON.parse(line) as { level: number };
      return entry.level >= 40 && /unexpected error|"P20\d\d"|invalid input syntax|invalid byte sequence|"22P02"|"22001"|"22003"|"22021"/.test(line);
    });
    expect({ seed: SEED, unexpected: unexpected.slice(0, 5).map((line) => line.slice(0, 600)) }).toEqual({ seed: SEED, unexpected: [] });
  }, 600_000);
});
