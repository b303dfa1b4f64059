import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { AllErrorsFilter } from '../../apps/api/src/common/errors/all-errors.filter.js';
import { loggerOptions } from '../../apps/api/src/common/logging/logger.js';
import { newIp, signedIn } from '../support/accounts.js';
import { DATABASE_ERROR, databaseErrors } from '../support/fuzz/database-errors.js';
import { requestsFor, type FuzzInput } from '../support/fuzz/requests.js';
import { FUZZ_ROUTES, type RouteFuzz } from '../support/fuzz/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Property-based fuzzing of every route the API registers (test/support/fuzz/routes.ts says how to call each one):
// generated path parameters (non-UUIDs, near-UUIDs, `../`, NUL, percent-encoded junk), query strings and bodies
// (near valid: the route's own fields, one or many of them mutated into wrong types, null, huge, unicode, RTL or NUL
// strings, negative, huge or fractional numbers, out-of-range coordinates, unknown fields, arrays for objects; or
// any JSON, or no JSON at all), sent by a caller the route lets in, from a new address each time so rate limits do
// not hide the validation. Whatever comes in: never a 5xx, every error is `{detail, code}` in French, no answer shows
// a stack trace, SQL or Prisma, and nothing reaches PostgreSQL unvalidated (no database error in the logs).
// FUZZ_RUNS: inputs per route (1 000 by default; routes without inputs of their own get a tenth, uploads a fifth);
// FUZZ_SEED replays a run, FUZZ_ONLY=<regexp> fuzzes only the routes it matches (`POST /api/courses$`), FUZZ_VERBOSE=1
// prints what each route answered.

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1000));
const ONLY = new RegExp(process.env.FUZZ_ONLY ?? '');
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const VERBOSE = !!process.env.FUZZ_VERBOSE;
const CONCURRENCY = 8;

const runsFor = (route: RouteFuzz) => (route.light ? Math.ceil(RUNS / 10) : route.multipart ? Math.ceil(RUNS / 5) : RUNS);

let app: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  app = await startTestApp();
  // super_admin first: with one in place, the staff's migration call cannot promote the admin whose token we use.
  for (const role of ['super_admin', 'admin', 'client', 'independent_delivery'] as const) tokens.set(role, (await signedIn(app, role)).token);
  tokens.set('client-password', (await signedIn(app, 'client')).token);
  // A merchant (issue 40): its keys and the public API are fuzzed with its session.
  const merchant = await signedIn(app, 'client');
  await app.db.merchant.create({
    data: { userId: merchant.user.id, businessName: 'Pharmacie du Port', pickupAddress: 'Port autonome, Kaloum', pickupLatitude: 9.5092, pickupLongitude: -13.7122, paymentTerms: 'cash_on_delivery' },
  });
  tokens.set('merchant', merchant.token);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

interface Answer {
  status: number;
  text: string;
  contentType: string;
}

// node:http with kept-alive connections rather than fetch: a third of the cost per request on the client side, which
// shares its thread with the API under test.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
afterAll(() => agent.destroy());

async function send(method: string, input: FuzzInput, token: string | undefined, idempotencyKey?: true): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': newIp() };
  if (idempotencyKey) headers['idempotency-key'] = `fuzz-${randomUUID()}`;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: Buffer | undefined;
  if (input.body instanceof FormData) {
    const form = new Response(input.body);
    headers['content-type'] = form.headers.get('content-type')!;
    body = Buffer.from(await form.arrayBuffer());
  } else if (input.body !== undefined) {
    body = Buffer.from(input.body);
    if (input.contentType) headers['content-type'] = input.contentType;
  }
  if (body) headers['content-length'] = String(body.length);
  const { hostname, port } = new URL(app.baseUrl);
  return new Promise<Answer>((resolve) => {
    const outgoing = request({ agent, hostname, port, method, path: input.path, headers, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), contentType: response.headers['content-type'] ?? '' }));
      response.on('error', (error) => resolve({ status: 0, text: String(error), contentType: '' }));
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 30 s')));
    outgoing.on('error', (error) => resolve({ status: 0, text: String(error), contentType: '' }));
    outgoing.end(body);
  });
}

/** Inside details no answer may show: stack frames, source paths, SQL, the ORM or the database. */
const LEAKS = /\bat [\w.<>$]+ \(|node_modules|\.[jt]s:\d+|\bprisma|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|postgres|\bstack\b|syntax error at or near|violates \w+ constraint|\brelation "/i;
/** English defaults of Fastify, Nest or zod that would mean an error escaped the French translation. */
const ENGLISH = /\b(the|must|should|expected|received|required|invalid|not found|error|unexpected|too (big|small|long|many)|bad request|unauthorized|forbidden)\b/i;

/** What is wrong with one answer, if anything. */
function problemWith(input: FuzzInput, answer: Answer): string | null {
  if (answer.status === 0) return `no answer (${answer.text})`;
  if (answer.status >= 500) return `status ${answer.status}`;
  const sent = typeof input.body === 'string' ? input.body : '';
  if (answer.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return 'error answer that is not JSON';
    }
    const { detail, code, ...rest } = (body ?? {}) as Record<string, unknown>;
    if (typeof detail !== 'string' || !detail || typeof code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(code) || Object.keys(rest).length) {
      return 'not the {detail, code} shape';
    }
    // Quoted parts repeat the input (a field name, unknown keys — which may hold quotes of their own, so everything from
    // the first double quote to the last): the rest must be French.
    if (ENGLISH.test(detail.replace(/«[^»]*»|"[\s\S]*"|'[^']*'|“[^”]*”/g, ''))) return 'detail not in French';
  }
  if (LEAKS.test(answer.text) && !LEAKS.test(`${sent} ${input.path}`)) return 'leaks internals';
  return null;
}

/** Runs the inputs `concurrency` at a time; returns what each status answered and the problems found. */
async function fuzzRoute(method: string, url: string, route: RouteFuzz, seed: number) {
  const inputs = fc.sample(requestsFor(method, url, route), { numRuns: runsFor(route), seed });
  const token = route.caller ? tokens.get(route.caller) : undefined;
  const problems: string[] = [];
  const statuses = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const input = inputs[next++]!;
      const answer = await send(method, input, token, route.idempotencyKey);
      const key = answer.status >= 400 ? `${answer.status} ${/"code":"(\w+)"/.exec(answer.text)?.[1] ?? ''}` : String(answer.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      const problem = problemWith(input, answer);
      if (problem && problems.length < 10) {
        const body = input.body instanceof FormData ? '[form]' : input.body?.slice(0, 300);
        problems.push(`${method} ${input.path.slice(0, 200)} ${body ?? ''} → ${problem}: ${answer.status} ${answer.text.slice(0, 300)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { count: inputs.length, problems, statuses };
}

describe('the fuzz suite itself', () => {
  it('has an entry for every route the API registers, and none for a route that does not exist', () => {
    const registered = app.routes.map((route) => `${route.method} ${route.url}`);
    expect(registered.length).toBeGreaterThan(70);
    expect(registered.filter((key) => !(key in FUZZ_ROUTES))).toEqual([]);
    expect(Object.keys(FUZZ_ROUTES).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('recognises a database error in the log as the error filter writes it (a real PostgreSQL refusal of unvalidated input)', async () => {
    const lines: string[] = [];
    const logger = pino(loggerOptions({ LOG_LEVEL: 'info' }), new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) }));
    const filter = new AllErrorsFilter(logger);
    const statuses: number[] = [];
    const reply = {
      status: (status: number) => (statuses.push(status), reply),
      headers: () => reply,
      type: () => reply,
      send: () => reply,
    };
    const host = {
      getType: () => 'http',
      switchToHttp: () => ({ getRequest: () => ({ id: 'fuzz', url: '/api/courses/x' }), getResponse: () => reply }),
    } as unknown as ArgumentsHost;
    const unvalidated = [
      app.db.$queryRaw`SELECT ${'pas-un-uuid'}::uuid`, // 22P02
      app.db.$queryRaw`SELECT ${'a\u0000b'}::text`, // 22021
      app.db.$queryRaw`SELECT ${2 ** 40}::int4`, // 22003
      app.db.$queryRaw`SELECT ${'2026-02-30'}::date`, // 22008
      app.db.user.findUnique({ where: { id: 'pas-un-uuid' } }),
    ];
    for (const query of unvalidated) filter.catch(await query.then(() => new Error('no database error'), (error: unknown) => error), host);

    expect(statuses).toEqual([500, 500, 500, 500, 500]);
    expect(databaseErrors(lines)).toHaveLength(5);
    // Each one recognised as PostgreSQL's or Prisma's, not only as "unexpected" (the logger masks `code` fields).
    expect(lines.filter((line) => !DATABASE_ERROR.test(line))).toEqual([]);
    expect(databaseErrors([JSON.stringify({ level: 30, msg: 'request completed', statusCode: 200, responseTime: 22001 })])).toEqual([]);
  });
});

describe('requests the HTTP parser refuses', () => {
  it("answers an address or headers over 16 KB with 431 in French, not with Fastify's English default", async () => {
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

  it('answers a course id that only looks like a UUID (36 hex digits and dashes) with 404, not a PostgreSQL error', async () => {
    const logsBefore = app.logs.length;
    const client = { token: tokens.get('client') };
    for (const id of ['------------------------------------', '9-eb0a-9606a-25eaae827--f--d7c-c2--9', '0123456789abcdef0123456789abcdef0123']) {
      for (const [method, path] of [['GET', `/api/courses/${id}`], ['GET', `/api/courses/${id}/tracking`], ['POST', `/api/courses/${id}/cancel`], ['GET', `/api/courses/${id}/receipt`]] as const) {
        expect(await app.request(method, path, undefined, client)).toMatchObject({ status: 404, body: { detail: 'Course introuvable.', code: 'COURSE_NOT_FOUND' } });
      }
    }
    expect(databaseErrors(app.logs.slice(logsBefore))).toEqual([]);
  });

  it('answers every id parameter that is not a UUID with the route’s own 404 (or a NUL with a 400), before PostgreSQL', async () => {
    const logsBefore = app.logs.length;
    const cases = [
      ['GET', '/api/delivery/course/%s/navigation', 'independent_delivery', 404, 'COURSE_NOT_FOUND'],
      ['POST', '/api/delivery/accept-course/%s', 'independent_delivery', 409, 'COURSE_ALREADY_ASSIGNED'],
      ['GET', '/api/files/%s', 'admin', 404, 'FILE_NOT_FOUND'],
      ['GET', '/api/payments/status/%s', 'client', 404, 'PAYMENT_NOT_FOUND'],
      ['DELETE', '/api/admin/users/%s', 'admin', 404, 'USER_NOT_FOUND'],
    ] as const;
    for (const [method, path, caller, status, code] of cases) {
      for (const id of ['abc', '%25', '1 OR 1=1', '------------------------------------', '🛵']) {
        expect(await app.request(method, path.replace('%s', encodeURIComponent(id)), undefined, { token: tokens.get(caller) })).toMatchObject({ status, body: { code } });
      }
      expect(await app.request(method, path.replace('%s', '%00'), undefined, { token: tokens.get(caller) })).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    }
    expect(databaseErrors(app.logs.slice(logsBefore))).toEqual([]);
  });

  it('answers an upload whose form is cut short with a 400 in French, not a 500', async () => {
    const truncated = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0';
    const answer = await app.request('POST', '/api/upload/id-photo', truncated, {
      token: tokens.get('admin'),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'UPLOAD_INCOMPLETE', detail: "Le fichier n'est pas arrivé en entier (formulaire incomplet ou mal formé) : réessayez l'envoi." } });
  });
});

describe('every route under generated input', () => {
  let total = 0;
  let routes = 0;
  const started = Date.now();

  afterAll(() => {
    console.log(`fuzz: ${total} inputs over ${routes} routes (${RUNS} per route, a tenth for routes without inputs, a fifth for uploads; seed ${SEED}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  const selected = Object.entries(FUZZ_ROUTES).map(([key, route], index) => [key, route, index] as const).filter(([key]) => ONLY.test(key));
  it.each(selected.length ? selected : ([['(no route matches FUZZ_ONLY)', { caller: null, light: true }, -1]] as const))(
    '%s: never 5xx, always {detail, code} in French, no leak, no database error',
    async (key, route, index) => {
      if (index < 0) return;
      const [method, url] = key.split(' ') as [string, string];
      const logsBefore = app.logs.length;
      const routeStarted = Date.now();
      const { count, problems, statuses } = await fuzzRoute(method, url, route, SEED + index);
      total += count;
      routes += 1;
      if (VERBOSE) {
        const summary = [...statuses].sort(([, a], [, b]) => b - a).map(([status, n]) => `${status}×${n}`).join(', ');
        console.log(`${key}: ${count} inputs in ${Date.now() - routeStarted} ms: ${summary}`);
      }
      const unexpected = databaseErrors(app.logs.slice(logsBefore)).map((line) => line.slice(0, 800));
      expect({ seed: SEED, problems, databaseErrors: unexpected.slice(0, 5) }).toEqual({ seed: SEED, problems: [], databaseErrors: [] });
    },
    180_000,
  );
});
