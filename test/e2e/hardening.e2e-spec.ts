import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { io } from 'socket.io-client';
import { createAccount, login, newIp, newPhone, signedIn } from '../support/accounts.js';
import { codeIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Security headers, CORS, body limits, the access token's algorithm, error answers that show nothing of the inside,
// and secrets that never reach the logs (this app logs at debug level, the most it ever writes).
let app: TestApp;
let withCors: TestApp;

beforeAll(async () => {
  [app, withCors] = await Promise.all([startTestApp({ LOG_LEVEL: 'debug' }), startTestApp({ CORS_ORIGIN: 'https://app.coursa.gn' })]);
});
afterAll(async () => {
  await Promise.all([app?.close(), withCors?.close()]);
});

describe('headers', () => {
  it('sends the security headers, and no X-Powered-By nor HSTS over plain HTTP', async () => {
    const { headers } = await app.request('GET', '/api/health');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('x-powered-by')).toBeNull();
    expect(headers.get('strict-transport-security')).toBeNull();
  });

  it('allows cross-origin calls from the configured origin only, and none without one', async () => {
    const from = (target: TestApp, origin: string) => target.request('GET', '/api/health', undefined, { headers: { origin } });
    const allowed = await from(withCors, 'https://app.coursa.gn');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.coursa.gn');
    // A list's page is in its headers (README "Lists come in pages"), and a refusal for now says when to try again
    // (« Nouveau Code » counts its wait down): the browser must let the app read them.
    expect(allowed.headers.get('access-control-expose-headers')).toBe('Link, X-Total-Count, Retry-After');
    expect((await from(withCors, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await from(app, 'https://app.coursa.gn')).headers.get('access-control-allow-origin')).toBeNull();
    const preflight = (origin: string) =>
      fetch(`${withCors.baseUrl}/api/courses`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    expect((await preflight('https://app.coursa.gn')).headers.get('access-control-allow-origin')).toBe('https://app.coursa.gn');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('bodies', () => {
  it('refuses a JSON body over 1 MiB, malformed JSON and a content type it does not read, in French', async () => {
    const huge = await app.request('POST', '/api/auth/login', JSON.stringify({ phone: 'x'.repeat(1024 * 1024) }), { ip: newIp() });
    expect(huge).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE', detail: 'Requête trop volumineuse.' } });
    const malformed = await app.request('POST', '/api/auth/login', '{"phone": ', { ip: newIp() });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'INVALID_JSON', detail: 'Le corps de la requête doit être un JSON valide.' } });
    const text = await app.request('POST', '/api/auth/login', 'phone=1', { ip: newIp(), headers: { 'content-type': 'text/xml' } });
    expect(text).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Type de contenu non pris en charge.' } });
  });
});

describe('access tokens', () => {
  it('accepts only HS256 tokens signed with our key, unexpired, unaltered, on REST and on the socket', async () => {
    const { user, phone, password } = await createAccount(app);
    const session = await login(app, phone, password);
    const claims = { sub: user.id, role: 'client', sv: user.sessionVersion };
    const key = app.config.SECRET_KEY;
    const [header, payload, signature] = session.access_token.split('.') as [string, string, string];
    const asSuperAdmin = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'super_admin' })).toString('base64url');
    const unsigned = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const refused: Record<string, string> = {
      'HS512 with our key': jwt.sign(claims, key, { algorithm: 'HS512', expiresIn: 60 }),
      'HS384 with our key': jwt.sign(claims, key, { algorithm: 'HS384', expiresIn: 60 }),
      'another key': jwt.sign(claims, 'another-key-another-key-another-key-0000', { algorithm: 'HS256', expiresIn: 60 }),
      expired: jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: -5 }),
      'alg none': `${unsigned}.${payload}.`,
      'role changed in the payload': `${header}.${asSuperAdmin}.${signature}`,
      'a refresh token': session.refresh_token,
      garbage: 'eyJ.garbage.token',
    };
    expect((await app.request('GET', '/api/auth/me', undefined, { token: session.access_token })).status).toBe(200);
    const rest: Record<string, number> = {};
    const socket: Record<string, string> = {};
    for (const [name, token] of Object.entries(refused)) {
      rest[name] = (await app.request('GET', '/api/auth/me', undefined, { token })).status;
      socket[name] = await new Promise<string>((resolve) => {
        const client = io(app.baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
        client.once('connect', () => (client.disconnect(), resolve('connected')));
        client.once('connect_error', (error) => resolve(error.message));
      });
    }
    expect(rest).toEqual(Object.fromEntries(Object.keys(refused).map((name) => [name, 401])));
    expect(socket).toEqual(Object.fromEntries(Object.keys(refused).map((name) => [name, 'UNAUTHENTICATED'])));
  });
});

const INSIDES = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|prisma|SELECT |INSERT |relation .* does not exist|postgres|stack/i;

describe('error answers', () => {
  it('never show a stack trace or SQL, even for a real failure inside; the request id leads to the log', async () => {
    const answers = [
      await app.request('GET', '/api/nowhere'),
      await app.request('GET', '/api/courses/not-an-id', undefined, { token: (await signedIn(app, 'client')).token }),
      await app.request('DELETE', '/api/health'),
      await app.request('POST', '/api/auth/login', '[', { ip: newIp() }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(JSON.stringify(answer.body)).not.toMatch(INSIDES);
    }

    // A genuine internal failure: the database loses a table under a running API.
    const broken = await startTestApp();
    try {
      const { token } = await signedIn(broken, 'client');
      await broken.db.$executeRawUnsafe('ALTER TABLE courses RENAME TO courses_gone');
      const answer = await broken.request('GET', '/api/courses', undefined, { token });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ detail: 'Une erreur interne est survenue. Réessayez plus tard.', code: 'INTERNAL_ERROR', request_id: expect.any(String) });
      expect(JSON.stringify(answer.body)).not.toMatch(INSIDES);
      expect(broken.logs.some((line) => line.includes(answer.body.request_id) && line.includes('unexpected error'))).toBe(true);
      await broken.db.$executeRawUnsafe('ALTER TABLE courses_gone RENAME TO courses');
    } finally {
      await broken.close();
    }
  });
});

describe('logs', () => {
  it('never hold a password, a card number, a reset or delivery code, or a token', async () => {
    const secrets: string[] = [];
    // Registration and sign-in.
    const phone = newPhone();
    const password = 'mot-de-passe-tres-secret';
    secrets.push(password);
    const registered = await app.request(
      'POST',
      '/api/auth/register',
      { phone, password, full_name: 'Aïssatou Bah', role: 'client', accepted_terms: true, terms_accepted_at: new Date().toISOString() },
      { ip: newIp() },
    );
    expect(registered.status).toBe(201);
    const { phone: clientPhone, password: clientPassword } = await createAccount(app);
    const session = await login(app, clientPhone, clientPassword);
    secrets.push(session.access_token, session.refresh_token);
    // A password change, a refresh.
    const changed = await app.request('POST', '/api/auth/change-password', { current_password: clientPassword, new_password: 'nouveau-secret-42' }, { token: session.access_token });
    expect(changed.status).toBe(200);
    secrets.push('nouveau-secret-42', changed.body.access_token, changed.body.refresh_token);
    // A reset code.
    await app.request('POST', '/api/auth/forgot-password-choice', { contact: clientPhone, method: 'sms' }, { ip: newIp() });
    const resetCode = codeIn((await app.outbox.waitFor((line) => line.to === clientPhone && line.kind === 'reset_code')).text);
    const reset = await app.request('POST', '/api/auth/reset-password-choice', { contact: clientPhone, method: 'sms', reset_code: resetCode, new_password: 'encore-un-secret' }, { ip: newIp() });
    expect(reset.status).toBe(200);
    secrets.push('encore-un-secret');
    // A card payment, declined and approved.
    const client = await signedIn(app, 'client');
    for (const number of ['4000 0000 0000 0002', '4111 1111 1111 1111']) {
      const card = { amount: 12_000, currency: 'USD', customer_name: 'Fanta', order_id: `COURSE_${Date.now()}${secrets.length}`, card_number: number, cvv: '737', expiry_month: '12', expiry_year: String(new Date().getFullYear() + 2) };
      await app.request('POST', '/api/payments/card', card, { token: client.token });
      secrets.push(number.replace(/ /g, ''), number);
    }
    // A delivery code, wrong then right.
    const courier = await signedIn(app, 'independent_delivery');
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    const recipient = newPhone();
    const created = await app.request(
      'POST',
      '/api/courses',
      { pickup_location: { address: 'Madina', latitude: 9.5456, longitude: -13.6566 }, delivery_location: { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 }, recipient_phone: recipient, payment_method: 'cash_on_delivery' },
      { token: client.token },
    );
    const courseId = created.body.id as string;
    const otp = codeIn((await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp')).text);
    await app.request('POST', `/api/delivery/accept-course/${courseId}`, undefined, { token: courier.token });
    for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) {
      await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=${status}`, undefined, { token: courier.token });
    }
    const wrong = otp === '123456' ? '654321' : '123456';
    await app.request('POST', `/api/delivery/course/${courseId}/verify-otp`, { otp: wrong }, { token: courier.token });
    expect((await app.request('POST', `/api/delivery/course/${courseId}/verify-otp`, { otp }, { token: courier.token })).status).toBe(200);
    secrets.push(otp, wrong, resetCode);

    const logs = app.logs.join('\n');
    expect(logs.length).toBeGreaterThan(1000);
    expect(secrets.filter((secret) => logs.includes(secret))).toEqual([]);
  });
});
