import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PositionAck, RouteKey, SubscribeAck } from '@coursa/contracts';
import type { Role } from '@coursa/domain';
import { randomUUID } from 'node:crypto';
import { createAccount, newIp, newPhone, signedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait.js';
import { settled } from '../support/settled.js';
import { connectSocket, type ClientSocket } from '../support/sockets.js';

// Every route of the API × every kind of caller, built from the routes the application registers: a route without an
// entry here fails the suite. Routes that take an id are called with the ids of someone else's data (client A's
// course, courier S's delivery, A's payment), so another client or another courier gets 404, never the data.
// The same for Socket.IO: who may join which room and send which event.

type Caller = 'anonymous' | 'client' | 'otherClient' | 'salaried' | 'independent' | 'otherCourier' | 'support' | 'admin' | 'superAdmin';
const CALLERS: Caller[] = ['anonymous', 'client', 'otherClient', 'salaried', 'independent', 'otherCourier', 'support', 'admin', 'superAdmin'];
const ROLE_OF: Record<Exclude<Caller, 'anonymous'>, Role> = {
  client: 'client',
  otherClient: 'client',
  salaried: 'salaried_delivery',
  independent: 'independent_delivery',
  otherCourier: 'salaried_delivery',
  support: 'support',
  admin: 'admin',
  superAdmin: 'super_admin',
};
type Expected = Record<Caller, number>;

const STAFF: Role[] = ['support', 'admin', 'super_admin'];
/** Those who move money: payouts, hand payments, refunds, deposits, corrections, approvals, the weekly run. */
const MONEY: Role[] = ['admin', 'super_admin'];
const COURIERS: Role[] = ['salaried_delivery', 'independent_delivery'];
const SIGNED_IN: Role[] = ['client', ...COURIERS, ...STAFF];
const NOBODY = '00000000-0000-4000-8000-000000000000';
const WEBHOOK_ENDPOINT = { url: 'https://boutique.example.gn/coursa/webhooks', event_types: ['delivery.created'] };

/** 401 without a token, 403 for roles not let in, `status` for the others; `except` names callers that differ. */
function only(roles: Role[], status: number, except: Partial<Record<Caller, number>> = {}): Expected {
  return Object.fromEntries(
    CALLERS.map((caller) => [caller, except[caller] ?? (caller === 'anonymous' ? 401 : roles.includes(ROLE_OF[caller]) ? status : 403)]),
  ) as Expected;
}
/** The same answer for everyone, token or not. */
const everyone = (status: number, except: Partial<Record<Caller, number>> = {}): Expected =>
  Object.fromEntries(CALLERS.map((caller) => [caller, except[caller] ?? status])) as Expected;

interface Entry {
  /** The concrete request; ids are those of the arranged data. */
  request: () => { path: string; body?: unknown };
  expected: Expected;
}

let app: TestApp;
const tokens = new Map<Caller, string | undefined>();
const ids = { caller: new Map<Caller, string>(), course: '', orderId: '', trackingToken: '' };
const secrets = { clientPhone: '', recipientPhone: '', address: 'Rue KA-020, Kaloum' };

beforeAll(async () => {
  app = await startTestApp();
  tokens.set('anonymous', undefined);
  for (const caller of CALLERS.slice(1) as Exclude<Caller, 'anonymous'>[]) {
    const account = await signedIn(app, ROLE_OF[caller]);
    tokens.set(caller, account.token);
    ids.caller.set(caller, account.user.id);
    if (caller === 'client') secrets.clientPhone = account.phone;
  }
  // Client A's course, carried by courier S (salaried), paid cash.
  secrets.recipientPhone = newPhone();
  const created = await app.request(
    'POST',
    '/api/courses',
    {
      pickup_location: { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 },
      delivery_location: { address: secrets.address, latitude: 9.5092, longitude: -13.7122 },
      recipient_phone: secrets.recipientPhone,
      payment_method: 'cash_on_delivery',
    },
    { token: tokens.get('client'), ip: newIp() },
  );
  expect(created.status).toBe(201);
  ids.course = created.body.id;
  ids.orderId = (await app.db.payment.findFirstOrThrow({ where: { courseId: ids.course } })).orderId;
  // The recipient's tracking link, from their SMS.
  ids.trackingToken = (await app.outbox.waitFor((line) => line.to === secrets.recipientPhone && line.kind === 'tracking_link')).text.match(/\/suivi\/([\w-]+)/)![1]!;
  await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: tokens.get('salaried') });
  expect((await app.request('POST', `/api/delivery/accept-course/${ids.course}`, undefined, { token: tokens.get('salaried') })).status).toBe(200);
});
afterAll(async () => {
  await app?.close();
});

const course = () => ids.course;
/** Courier S's own course: S gets in, the other couriers get 404 as if it did not exist. */
const deliveryOfS = (status: number, others = 404) => only(COURIERS, status, { independent: others, otherCourier: others });

/** Keyed by the route as Fastify registered it. Writes use empty bodies, unknown ids or refused steps: no side effects worth undoing. */
/** Keyed by the contracts' route map: a route the API answers without a contract, or a contract for no route, fails to compile (and the test below checks the map against the routes the API registers). */
const ROUTES: Record<RouteKey, Entry> = {
  // ── accounts (public but for `me` and the password change) ──
  'POST /api/auth/register': { request: () => ({ path: '/api/auth/register', body: {} }), expected: everyone(400) },
  'POST /api/auth/activate': { request: () => ({ path: '/api/auth/activate', body: {} }), expected: everyone(400) },
  'POST /api/auth/login': { request: () => ({ path: '/api/auth/login', body: {} }), expected: everyone(400) },
  'POST /api/auth/refresh': { request: () => ({ path: '/api/auth/refresh', body: {} }), expected: everyone(400) },
  'POST /api/auth/logout': { request: () => ({ path: '/api/auth/logout', body: {} }), expected: everyone(400) },
  'GET /api/auth/me': { request: () => ({ path: '/api/auth/me' }), expected: only(SIGNED_IN, 200) },
  // ── Web Push: any signed-in user, on their own subscriptions (someone else's id answers 404 like an unknown one) ──
  'GET /api/push/public-key': { request: () => ({ path: '/api/push/public-key' }), expected: only(SIGNED_IN, 200) },
  'POST /api/push/subscriptions': { request: () => ({ path: '/api/push/subscriptions', body: {} }), expected: only(SIGNED_IN, 400) },
  'DELETE /api/push/subscriptions/:id': { request: () => ({ path: `/api/push/subscriptions/${NOBODY}` }), expected: only(SIGNED_IN, 404) },
  'POST /api/auth/change-password': { request: () => ({ path: '/api/auth/change-password', body: {} }), expected: only(SIGNED_IN, 400) },
  'POST /api/auth/forgot-password-choice': { request: () => ({ path: '/api/auth/forgot-password-choice', body: {} }), expected: everyone(400) },
  'POST /api/auth/reset-password-choice': { request: () => ({ path: '/api/auth/reset-password-choice', body: {} }), expected: everyone(400) },
  // ── operations ──
  // Without METRICS_TOKEN, the machine itself may read them (as this suite does; X-Forwarded-For does not count).
  'GET /metrics': { request: () => ({ path: '/metrics' }), expected: everyone(200) },
  'POST /api/admin/queue-board/session': { request: () => ({ path: '/api/admin/queue-board/session' }), expected: only(['admin', 'super_admin'], 200) },
  'GET /api/health': { request: () => ({ path: '/api/health' }), expected: everyone(200) },
  // The API's reference: its OpenAPI document and the UI reading it, open to all.
  'GET /api/docs/openapi.json': { request: () => ({ path: '/api/docs/openapi.json' }), expected: everyone(200) },
  'GET /api/docs': { request: () => ({ path: '/api/docs' }), expected: everyone(200) },
  'GET /api/docs/:file': { request: () => ({ path: '/api/docs/coursa-docs.js' }), expected: everyone(200) },
  // ── payments ──
  'GET /api/payments/methods': { request: () => ({ path: '/api/payments/methods' }), expected: only(SIGNED_IN, 200) },
  'POST /api/payments/paycard': { request: () => ({ path: '/api/payments/paycard', body: {} }), expected: only(['client'], 400) },
  'POST /api/payments/mobile-money': { request: () => ({ path: '/api/payments/mobile-money', body: {} }), expected: only(['client'], 400) },
  'POST /api/payments/card': { request: () => ({ path: '/api/payments/card', body: {} }), expected: only(['client'], 400) },
  'GET /api/payments/status/:orderId': { request: () => ({ path: `/api/payments/status/${ids.orderId}` }), expected: only(['client'], 200, { otherClient: 404 }) },
  // The browser's return without a known payment reference.
  'GET /api/payments/callback/paycard': { request: () => ({ path: '/api/payments/callback/paycard' }), expected: everyone(404) },
  'POST /api/payments/callback/orange-money': { request: () => ({ path: '/api/payments/callback/orange-money', body: {} }), expected: everyone(400) },
  'POST /api/payments/callback/mtn-momo': { request: () => ({ path: '/api/payments/callback/mtn-momo', body: {} }), expected: everyone(400) },
  'GET /sandbox/pay/:reference': { request: () => ({ path: `/sandbox/pay/${NOBODY}` }), expected: everyone(404) },
  'POST /sandbox/pay/:reference': { request: () => ({ path: `/sandbox/pay/${NOBODY}`, body: {} }), expected: everyone(400) },
  // ── courses ──
  'POST /api/courses/quote': { request: () => ({ path: '/api/courses/quote', body: {} }), expected: only(SIGNED_IN, 400) },
  'POST /api/courses': { request: () => ({ path: '/api/courses', body: {} }), expected: only(['client'], 400) },
  'GET /api/courses': { request: () => ({ path: '/api/courses' }), expected: only(SIGNED_IN, 200) },
  'GET /api/courses/:id': {
    request: () => ({ path: `/api/courses/${course()}` }),
    expected: only(SIGNED_IN, 200, { otherClient: 404, independent: 404, otherCourier: 404 }),
  },
  // The recipient's link: the token alone opens it, with or without an account, the same for everyone.
  'GET /api/public/tracking/:token': { request: () => ({ path: `/api/public/tracking/${ids.trackingToken}` }), expected: everyone(200) },
  'GET /api/courses/:id/tracking': {
    request: () => ({ path: `/api/courses/${course()}/tracking` }),
    expected: only(SIGNED_IN, 200, { otherClient: 404, independent: 404, otherCourier: 404 }),
  },
  // A's course is no longer pending: A is refused the cancellation, B does not see the course.
  'POST /api/courses/:id/cancel': { request: () => ({ path: `/api/courses/${course()}/cancel` }), expected: only(['client'], 409, { otherClient: 404 }) },
  // Not delivered, so no receipt yet, for anyone.
  'GET /api/courses/:id/receipt': { request: () => ({ path: `/api/courses/${course()}/receipt` }), expected: only(SIGNED_IN, 404) },
  'GET /api/places/saved': { request: () => ({ path: '/api/places/saved' }), expected: only(['client'], 200) },
  'POST /api/places/saved': { request: () => ({ path: '/api/places/saved', body: {} }), expected: only(['client'], 400) },
  'PUT /api/places/saved/:id': { request: () => ({ path: `/api/places/saved/${NOBODY}`, body: {} }), expected: only(['client'], 400) },
  'DELETE /api/places/saved/:id': { request: () => ({ path: `/api/places/saved/${NOBODY}` }), expected: only(['client'], 404) },
  'GET /api/places/suggestions': { request: () => ({ path: '/api/places/suggestions?q=kaloum&lat=9.5092&lng=-13.7122' }), expected: only(['client'], 200) },
  'GET /api/places/nearest': { request: () => ({ path: '/api/places/nearest?lat=9.5092&lng=-13.7122' }), expected: only(['client'], 200) },
  'GET /api/loyalty/profile': { request: () => ({ path: '/api/loyalty/profile' }), expected: only(['client'], 200) },
  'GET /api/loyalty/leaderboard': { request: () => ({ path: '/api/loyalty/leaderboard' }), expected: only(SIGNED_IN, 200) },
  // ── couriers ──
  'POST /api/delivery/toggle-availability': { request: () => ({ path: '/api/delivery/toggle-availability' }), expected: only(COURIERS, 200) },
  'GET /api/delivery/available-courses': { request: () => ({ path: '/api/delivery/available-courses' }), expected: only(COURIERS, 200) },
  // Already taken by S: everyone else is told so (409), S too.
  'POST /api/delivery/accept-course/:id': { request: () => ({ path: `/api/delivery/accept-course/${course()}` }), expected: only(COURIERS, 409) },
  'GET /api/delivery/history': { request: () => ({ path: '/api/delivery/history' }), expected: only(COURIERS, 200) },
  'GET /api/delivery/course/:id/navigation': { request: () => ({ path: `/api/delivery/course/${course()}/navigation` }), expected: deliveryOfS(200) },
  'POST /api/delivery/course/:id/update-status': {
    // Skipping a step is refused to S; the others do not see the course.
    request: () => ({ path: `/api/delivery/course/${course()}/update-status?new_status=collected` }),
    expected: deliveryOfS(409),
  },
  'POST /api/delivery/course/:id/verify-otp': { request: () => ({ path: `/api/delivery/course/${course()}/verify-otp`, body: { otp: 'abc' } }), expected: deliveryOfS(400, 400) },
  // Not at the door yet (the course is assigned): refused before any upload is read.
  'POST /api/delivery/course/:id/proof-photo': { request: () => ({ path: `/api/delivery/course/${course()}/proof-photo` }), expected: deliveryOfS(409) },
  'POST /api/delivery/course/:id/regenerate-otp': { request: () => ({ path: `/api/delivery/course/${course()}/regenerate-otp` }), expected: deliveryOfS(200) },
  'POST /api/delivery/course/:id/contact-support': { request: () => ({ path: `/api/delivery/course/${course()}/contact-support` }), expected: deliveryOfS(400, 400) },
  // Issue 38: a reason-less hand-back and a kind-less incident are refused (400) for every courier; a real one on
  // S's course by another courier is a 404 (test/e2e/reassign.e2e-spec.ts).
  'POST /api/delivery/course/:id/hand-back': { request: () => ({ path: `/api/delivery/course/${course()}/hand-back`, body: {} }), expected: deliveryOfS(400, 400) },
  'POST /api/delivery/course/:id/incident': { request: () => ({ path: `/api/delivery/course/${course()}/incident`, body: {} }), expected: deliveryOfS(400, 400) },
  'GET /api/delivery/earnings': { request: () => ({ path: '/api/delivery/earnings' }), expected: only(COURIERS, 200) },
  'GET /api/delivery/commission-history': { request: () => ({ path: '/api/delivery/commission-history' }), expected: only(COURIERS, 200) },
  'GET /api/delivery/payment-history': { request: () => ({ path: '/api/delivery/payment-history' }), expected: only(COURIERS, 200) },
  'POST /api/delivery/request-payment': { request: () => ({ path: '/api/delivery/request-payment', body: {} }), expected: only(COURIERS, 400) },
  'GET /api/delivery/ledger': { request: () => ({ path: '/api/delivery/ledger' }), expected: only(COURIERS, 200) },
  'POST /api/delivery/cash-deposits': { request: () => ({ path: '/api/delivery/cash-deposits', body: {} }), expected: only(COURIERS, 400) },
  'GET /api/delivery/ratings': { request: () => ({ path: '/api/delivery/ratings' }), expected: only(COURIERS, 200) },
  // ── after delivery ──
  'POST /api/ratings': { request: () => ({ path: '/api/ratings', body: {} }), expected: only(['client'], 400) },
  'POST /api/disputes': { request: () => ({ path: '/api/disputes', body: {} }), expected: only(['client'], 400) },
  'GET /api/disputes': { request: () => ({ path: '/api/disputes' }), expected: only(['client'], 200) },
  // ── back office ──
  'GET /api/dashboard/stats': { request: () => ({ path: '/api/dashboard/stats' }), expected: only(STAFF, 200) },
  'GET /api/admin/analytics': { request: () => ({ path: '/api/admin/analytics?period=7days' }), expected: only(STAFF, 200) },
  'GET /api/admin/dispatch': { request: () => ({ path: '/api/admin/dispatch' }), expected: only(STAFF, 200) },
  'GET /api/admin/couriers/silent': { request: () => ({ path: '/api/admin/couriers/silent' }), expected: only(STAFF, 200) },
  'GET /api/admin/users': { request: () => ({ path: '/api/admin/users' }), expected: only(STAFF, 200) },
  'PUT /api/users/:id/toggle-status': { request: () => ({ path: `/api/users/${NOBODY}/toggle-status` }), expected: only(STAFF, 404) },
  'DELETE /api/admin/users/:id': { request: () => ({ path: `/api/admin/users/${NOBODY}` }), expected: only(STAFF, 404) },
  'POST /api/admin/users/:id/reset-password': { request: () => ({ path: `/api/admin/users/${NOBODY}/reset-password` }), expected: only(STAFF, 404) },
  'GET /api/admin/courses': { request: () => ({ path: '/api/admin/courses' }), expected: only(STAFF, 200) },
  // Issue 38: staff give a course to a courier (an unknown course: 404), from the couriers available.
  'POST /api/admin/courses/:id/assign': { request: () => ({ path: `/api/admin/courses/${NOBODY}/assign`, body: { courier_id: NOBODY } }), expected: only(STAFF, 404) },
  'GET /api/admin/couriers/available': { request: () => ({ path: '/api/admin/couriers/available' }), expected: only(STAFF, 200) },
  'PUT /api/admin/courses/:id/status': { request: () => ({ path: `/api/admin/courses/${NOBODY}/status?new_status=cancelled` }), expected: only(STAFF, 404) },
  // The place book (issue 39): staff curate it, as they manage courses.
  'GET /api/admin/places': { request: () => ({ path: '/api/admin/places' }), expected: only(STAFF, 200) },
  'PUT /api/admin/places/:id': { request: () => ({ path: `/api/admin/places/${NOBODY}`, body: { hidden: true } }), expected: only(STAFF, 404) },
  'POST /api/admin/places/:id/merge': { request: () => ({ path: `/api/admin/places/${NOBODY}/merge`, body: { into_id: randomUUID() } }), expected: only(STAFF, 404) },
  // Merchants (issue 40): a client staff did not make a merchant gets 403 on the merchant's own routes; staff manage
  // merchants (an id that is no client's is 404), only those who move money settle a statement.
  'GET /api/merchant/profile': { request: () => ({ path: '/api/merchant/profile' }), expected: only(['client'], 403) },
  'GET /api/merchant/statement': { request: () => ({ path: '/api/merchant/statement?month=2026-10' }), expected: only(['client'], 403) },
  'GET /api/admin/merchants': { request: () => ({ path: '/api/admin/merchants' }), expected: only(STAFF, 200) },
  'PUT /api/admin/merchants/:id': {
    request: () => ({
      path: `/api/admin/merchants/${ids.caller.get('salaried')}`,
      body: { business_name: 'Boutique', pickup_address: 'Madina', pickup_latitude: 9.5456, pickup_longitude: -13.6566, payment_terms: 'monthly_statement' },
    }),
    expected: only(STAFF, 404),
  },
  'GET /api/admin/merchants/:id/statement': { request: () => ({ path: `/api/admin/merchants/${ids.caller.get('client')}/statement` }), expected: only(STAFF, 404) },
  'POST /api/admin/merchants/:id/statement/settle': { request: () => ({ path: `/api/admin/merchants/${NOBODY}/statement/settle`, body: { month: '2026-10' } }), expected: only(MONEY, 404) },
  // No multipart body.
  'POST /api/upload/personal-photo': { request: () => ({ path: '/api/upload/personal-photo' }), expected: only(STAFF, 400) },
  'POST /api/upload/id-photo': { request: () => ({ path: '/api/upload/id-photo' }), expected: only(STAFF, 400) },
  'POST /api/upload/parcel-photo': { request: () => ({ path: '/api/upload/parcel-photo' }), expected: only(['client'], 400) },
  'GET /api/files/:id': { request: () => ({ path: `/api/files/${NOBODY}` }), expected: only(SIGNED_IN, 404) },
  'POST /api/admin/create-delivery-person': { request: () => ({ path: '/api/admin/create-delivery-person', body: {} }), expected: only(STAFF, 400) },
  'GET /api/admin/couriers/:id/file': { request: () => ({ path: `/api/admin/couriers/${NOBODY}/file` }), expected: only(STAFF, 404) },
  'PUT /api/admin/couriers/:id/file': { request: () => ({ path: `/api/admin/couriers/${NOBODY}/file`, body: { address: 'Ratoma' } }), expected: only(MONEY, 404) },
  'POST /api/super-admin/create-admin': { request: () => ({ path: '/api/super-admin/create-admin', body: {} }), expected: only(['super_admin'], 400) },
  // A super_admin exists (this suite's): the first-run migration is closed to everyone.
  'GET /api/super-admin/migration': { request: () => ({ path: '/api/super-admin/migration' }), expected: only(['admin', 'super_admin'], 200) },
  'POST /api/super-admin/migrate-to-super-admin': { request: () => ({ path: '/api/super-admin/migrate-to-super-admin' }), expected: only(['admin', 'super_admin'], 403) },
  'GET /api/super-admin/audit-logs': { request: () => ({ path: '/api/super-admin/audit-logs?limit=50' }), expected: only(['super_admin'], 200) },
  'GET /api/super-admin/audit-stats': { request: () => ({ path: '/api/super-admin/audit-stats' }), expected: only(['super_admin'], 200) },
  'GET /api/admin/commissions/pending': { request: () => ({ path: '/api/admin/commissions/pending' }), expected: only(STAFF, 200) },
  'GET /api/admin/commissions/summary': { request: () => ({ path: '/api/admin/commissions/summary' }), expected: only(STAFF, 200) },
  // Money moves for admins only (README "Back office", who moves money): support reads, and gets 403 on every write.
  'POST /api/admin/commissions/process-payment': { request: () => ({ path: '/api/admin/commissions/process-payment', body: {} }), expected: only(MONEY, 400) },
  'POST /api/admin/commissions/weekly-run': { request: () => ({ path: '/api/admin/commissions/weekly-run', body: { iso_week: '2020-W01' } }), expected: only(MONEY, 202) },
  'GET /api/admin/notifications': { request: () => ({ path: '/api/admin/notifications' }), expected: only(STAFF, 200) },
  'POST /api/admin/notifications/:id/read': { request: () => ({ path: `/api/admin/notifications/${NOBODY}/read` }), expected: only(STAFF, 404) },
  'POST /api/admin/notifications/read-all': { request: () => ({ path: '/api/admin/notifications/read-all' }), expected: only(STAFF, 200) },
  'GET /api/admin/commissions/weekly-run/:iso_week': { request: () => ({ path: '/api/admin/commissions/weekly-run/2020-W01' }), expected: only(MONEY, 200) },
  'GET /api/admin/payment-requests': { request: () => ({ path: '/api/admin/payment-requests' }), expected: only(STAFF, 200) },
  'POST /api/admin/payment-requests/:id/approve': { request: () => ({ path: `/api/admin/payment-requests/${NOBODY}/approve` }), expected: only(MONEY, 404) },
  'POST /api/admin/payment-requests/:id/reject': { request: () => ({ path: `/api/admin/payment-requests/${NOBODY}/reject` }), expected: only(MONEY, 404) },
  'GET /api/admin/payouts': { request: () => ({ path: '/api/admin/payouts' }), expected: only(STAFF, 200) },
  'POST /api/admin/payouts/:id/check-status': { request: () => ({ path: `/api/admin/payouts/${NOBODY}/check-status` }), expected: only(MONEY, 404) },
  'GET /api/admin/cash': { request: () => ({ path: '/api/admin/cash' }), expected: only(STAFF, 200) },
  'POST /api/admin/couriers/:id/cash-deposits': {
    request: () => ({ path: `/api/admin/couriers/${NOBODY}/cash-deposits`, body: { amount: 1_000 } }),
    expected: only(MONEY, 404),
  },
  'POST /api/admin/couriers/:id/ledger-adjustments': {
    request: () => ({ path: `/api/admin/couriers/${NOBODY}/ledger-adjustments`, body: { account: 'cash', amount: 1_000, reason: 'Correction' } }),
    expected: only(MONEY, 404),
  },
  'GET /api/admin/refunds': { request: () => ({ path: '/api/admin/refunds' }), expected: only(STAFF, 200) },
  'POST /api/admin/refunds/:id/send': { request: () => ({ path: `/api/admin/refunds/${NOBODY}/send`, body: { phone: '+224660000001' } }), expected: only(MONEY, 404) },
  // Reconciliation (issue 34): staff read it, only admins move money.
  'GET /api/admin/reconciliation': { request: () => ({ path: '/api/admin/reconciliation' }), expected: only(STAFF, 200) },
  'POST /api/admin/payments/:id/refund': { request: () => ({ path: `/api/admin/payments/${NOBODY}/refund` }), expected: only(MONEY, 404) },
  'POST /api/admin/refunds/:id/mark-paid-outside': {
    request: () => ({ path: `/api/admin/refunds/${NOBODY}/mark-paid-outside`, body: { method: 'cash', reference: 'REÇU-1' } }),
    expected: only(MONEY, 404),
  },
  'POST /api/admin/payouts/:id/mark-paid-outside': {
    request: () => ({ path: `/api/admin/payouts/${NOBODY}/mark-paid-outside`, body: { method: 'cash', reference: 'REÇU-1' } }),
    expected: only(MONEY, 404),
  },
  'GET /api/admin/disputes': { request: () => ({ path: '/api/admin/disputes' }), expected: only(STAFF, 200) },
  'PUT /api/admin/disputes/:id': { request: () => ({ path: `/api/admin/disputes/${NOBODY}`, body: { status: 'resolved' } }), expected: only(STAFF, 404) },
  'GET /api/admin/support-requests': { request: () => ({ path: '/api/admin/support-requests' }), expected: only(STAFF, 200) },
  'PUT /api/admin/support-requests/:id': { request: () => ({ path: `/api/admin/support-requests/${NOBODY}`, body: { status: 'resolved' } }), expected: only(STAFF, 404) },
  // ── merchants (issue 40): a merchant's API keys and the public API. None of these callers is a merchant: a client
  // is refused as one (valid bodies, so that the refusal is the merchant check's), the others by role. A merchant's own
  // answers, and its keys', are in test/e2e/public-api.e2e-spec.ts.
  'GET /api/merchant/api-keys': { request: () => ({ path: '/api/merchant/api-keys' }), expected: only(['client'], 403) },
  'POST /api/merchant/api-keys': { request: () => ({ path: '/api/merchant/api-keys', body: { name: 'Boutique', scopes: ['deliveries:read'] } }), expected: only(['client'], 403) },
  'POST /api/merchant/api-keys/:id/rotate': { request: () => ({ path: `/api/merchant/api-keys/${NOBODY}/rotate`, body: {} }), expected: only(['client'], 403) },
  'DELETE /api/merchant/api-keys/:id': { request: () => ({ path: `/api/merchant/api-keys/${NOBODY}` }), expected: only(['client'], 403) },
  'POST /api/v1/quotes': { request: () => ({ path: '/api/v1/quotes', body: { dropoff: { latitude: 9.5092, longitude: -13.7122 } } }), expected: only(['client'], 403) },
  // Without its Idempotency-Key, refused before anything else (400).
  'POST /api/v1/deliveries': { request: () => ({ path: '/api/v1/deliveries', body: {} }), expected: only(['client'], 400) },
  'GET /api/v1/deliveries': { request: () => ({ path: '/api/v1/deliveries' }), expected: only(['client'], 403) },
  'GET /api/v1/deliveries/:id': { request: () => ({ path: `/api/v1/deliveries/${course()}` }), expected: only(['client'], 403) },
  'POST /api/v1/deliveries/:id/cancel': { request: () => ({ path: `/api/v1/deliveries/${course()}/cancel` }), expected: only(['client'], 403) },
  'GET /api/v1/deliveries/:id/tracking-link': { request: () => ({ path: `/api/v1/deliveries/${course()}/tracking-link` }), expected: only(['client'], 403) },
  // ── merchants' webhooks (issue 40): merchants only; a client staff did not make a merchant is refused (403) after
  // a valid body, as everyone else. A merchant's refusals (another's endpoint: 404) are in test/e2e/webhooks. ──
  'GET /api/v1/webhook-endpoints': { request: () => ({ path: '/api/v1/webhook-endpoints' }), expected: only(['client'], 403) },
  'POST /api/v1/webhook-endpoints': { request: () => ({ path: '/api/v1/webhook-endpoints', body: WEBHOOK_ENDPOINT }), expected: only(['client'], 403) },
  'PUT /api/v1/webhook-endpoints/:id': { request: () => ({ path: `/api/v1/webhook-endpoints/${NOBODY}`, body: { enabled: true } }), expected: only(['client'], 403) },
  'DELETE /api/v1/webhook-endpoints/:id': { request: () => ({ path: `/api/v1/webhook-endpoints/${NOBODY}` }), expected: only(['client'], 403) },
  'POST /api/v1/webhook-endpoints/:id/rotate-secret': { request: () => ({ path: `/api/v1/webhook-endpoints/${NOBODY}/rotate-secret` }), expected: only(['client'], 403) },
  'POST /api/v1/webhook-endpoints/:id/test': { request: () => ({ path: `/api/v1/webhook-endpoints/${NOBODY}/test` }), expected: only(['client'], 403) },
  'GET /api/v1/webhook-endpoints/:id/deliveries': { request: () => ({ path: `/api/v1/webhook-endpoints/${NOBODY}/deliveries` }), expected: only(['client'], 403) },
  'POST /api/v1/webhook-endpoints/:id/replay': {
    request: () => ({ path: `/api/v1/webhook-endpoints/${NOBODY}/replay`, body: { since: '2026-11-24T00:00:00Z', until: '2026-11-25T00:00:00Z' } }),
    expected: only(['client'], 403),
  },
  'POST /api/v1/webhook-deliveries/:id/replay': { request: () => ({ path: `/api/v1/webhook-deliveries/${NOBODY}/replay` }), expected: only(['client'], 403) },
};

describe('routes × callers', () => {
  it('has an entry for every route the API registers, and no entry for a route that does not exist', () => {
    const registered = app.routes.map((route) => `${route.method} ${route.url}`).sort();
    expect(registered.filter((route) => !(route in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !registered.includes(route))).toEqual([]);
  });

  it.each(Object.keys(ROUTES) as RouteKey[])('%s', async (route) => {
    const method = route.split(' ')[0]!;
    const { path, body } = ROUTES[route]!.request();
    const outcomes = {} as Expected;
    for (const caller of CALLERS) {
      const answer = await app.request(method, path, body, { token: tokens.get(caller), ip: newIp() });
      outcomes[caller] = answer.status;
      // Never someone else's data in a refusal.
      if (answer.status === 404 || answer.status === 403) {
        const text = JSON.stringify(answer.body);
        expect(text).not.toContain(secrets.address);
        expect(text).not.toContain(secrets.recipientPhone);
      }
    }
    expect(outcomes).toEqual(ROUTES[route]!.expected);
  });

  // The back office's search (issue 38, `q` on the two lists): staff find client A's course by its recipient's phone
  // and client A by theirs; nobody else gets past the guard, nor a word of what it would have found.
  it.each([
    ['GET /api/admin/courses?q=<recipient phone>', () => `/api/admin/courses?q=${encodeURIComponent(secrets.recipientPhone)}`, (body: unknown) => (body as { id: string }[]).map((found) => found.id), () => [ids.course]],
    ['GET /api/admin/users?q=<client phone>', () => `/api/admin/users?q=${encodeURIComponent(secrets.clientPhone)}`, (body: unknown) => (body as { users: { id: string }[] }).users.map((found) => found.id), () => [ids.caller.get('client')]],
  ] as const)('%s', async (_name, path, found, expected) => {
    const outcomes = {} as Expected;
    for (const caller of CALLERS) {
      const answer = await app.request('GET', path(), undefined, { token: tokens.get(caller), ip: newIp() });
      outcomes[caller] = answer.status;
      if (answer.status === 200) expect({ caller, found: found(answer.body) }).toEqual({ caller, found: expected() });
      else expect(JSON.stringify(answer.body)).not.toContain(secrets.address);
    }
    expect(outcomes).toEqual(only(STAFF, 200));
  });
});

// Authority over money and accounts (README "Back office"): only admins move money, support reads; nobody manages an
// account of a role above their own; payouts and refunds go only to wallets a rail pays; an early payment is at least
// 5000 GNF unless it is everything due.
describe('authority', () => {
  const as = (caller: Caller) => ({ token: tokens.get(caller), ip: newIp() });
  const FORBIDDEN = { code: 'FORBIDDEN', detail: "Vous n'avez pas les droits pour effectuer cette action." };

  it('support gets 403, in French, on every route that moves money, and nothing moves; an admin can', async () => {
    // A courier owed 21 000 GNF (an admin's correction) and holding 10 000 GNF of cash, with an open early request.
    const courier = await signedIn(app, 'independent_delivery');
    const courierId = courier.user.id;
    for (const body of [{ account: 'earnings', amount: 31_000, reason: 'Reprise des commissions' }, { account: 'cash', amount: 10_000, reason: 'Espèces saisies hors ligne' }]) {
      expect((await app.request('POST', `/api/admin/couriers/${courierId}/ledger-adjustments`, body, as('admin'))).status).toBe(201);
    }
    const requested = await app.request('POST', '/api/delivery/request-payment', { amount: 6_000, reason: 'early_payment' }, { token: courier.token });
    expect(requested.status).toBe(201);
    const requestId = requested.body.request.id as string;
    const entriesBefore = await app.db.courierLedgerEntry.count({ where: { courierId } });

    const moves: [string, string, unknown][] = [
      ['POST', `/api/admin/couriers/${courierId}/cash-deposits`, { amount: 10_000 }],
      ['POST', `/api/admin/couriers/${courierId}/ledger-adjustments`, { account: 'earnings', amount: 5_000, reason: 'Prime' }],
      ['POST', '/api/admin/commissions/process-payment', { deliverer_id: courierId, commission_ids: [NOBODY], payment_method: 'mobile_money', phone: '+224 660 00 00 01' }],
      ['POST', `/api/admin/payment-requests/${requestId}/approve`, undefined],
      ['POST', `/api/admin/payment-requests/${requestId}/reject`, undefined],
      ['POST', `/api/admin/payouts/${NOBODY}/check-status`, undefined],
      ['POST', '/api/admin/commissions/weekly-run', { iso_week: '2020-W02' }],
      ['POST', `/api/admin/refunds/${NOBODY}/send`, { phone: '+224 660 00 00 01' }],
      ['POST', `/api/admin/merchants/${NOBODY}/statement/settle`, { month: '2020-01' }],
    ];
    for (const [method, path, body] of moves) {
      const answer = await app.request(method, path, body, { ...as('support'), headers: { 'Idempotency-Key': `support-${randomUUID()}` } });
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 403, body: FORBIDDEN });
    }
    expect(await app.db.courierLedgerEntry.count({ where: { courierId } })).toBe(entriesBefore);
    expect(await app.db.payoutRequest.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({ status: 'pending', handledById: null });
    expect(await app.db.commissionRun.count({ where: { isoWeek: '2020-W02' } })).toBe(0);

    // What support may do with money: read it.
    for (const path of ['/api/admin/cash', '/api/admin/commissions/pending', '/api/admin/payment-requests', '/api/admin/payouts', '/api/admin/refunds']) {
      expect((await app.request('GET', path, undefined, as('support'))).status).toBe(200);
    }
    // An admin moves it.
    expect((await app.request('POST', `/api/admin/couriers/${courierId}/cash-deposits`, { amount: 10_000 }, as('admin'))).status).toBe(201);
    expect((await app.request('POST', `/api/admin/payment-requests/${requestId}/approve`, undefined, as('superAdmin'))).status).toBe(200);
  });

  it('nobody disables or deletes an account of a role above their own: support not an admin, an admin not a super administrator', async () => {
    const [admin, support] = [await createAccount(app, 'admin'), await createAccount(app, 'support')];
    const superAdmin = ids.caller.get('superAdmin')!;
    const refusals: [Caller, string, string, string][] = [
      ['support', 'PUT', `/api/users/${admin.user.id}/toggle-status`, 'ROLE_ABOVE_YOURS'],
      // No staff account is ever deleted (so none above one's own).
      ['support', 'DELETE', `/api/admin/users/${admin.user.id}`, 'STAFF_NOT_DELETABLE'],
      ['support', 'PUT', `/api/users/${superAdmin}/toggle-status`, 'SUPER_ADMIN_PROTECTED'],
      ['admin', 'PUT', `/api/users/${superAdmin}/toggle-status`, 'SUPER_ADMIN_PROTECTED'],
      ['admin', 'DELETE', `/api/admin/users/${superAdmin}`, 'STAFF_NOT_DELETABLE'],
    ];
    for (const [caller, method, path, code] of refusals) {
      const answer = await app.request(method, path, undefined, as(caller));
      expect({ caller, path, status: answer.status, code: answer.body.code }).toEqual({ caller, path, status: 403, code });
    }
    expect((await app.request('PUT', `/api/users/${admin.user.id}/toggle-status`, undefined, as('support'))).body.detail).toBe(
      'Ce compte (Administrateur) a un rôle supérieur au vôtre : vous ne pouvez ni le désactiver, ni le modifier, ni le supprimer.',
    );
    expect(await app.db.user.findUniqueOrThrow({ where: { id: admin.user.id } })).toMatchObject({ isActive: true, anonymizedAt: null });
    expect((await app.db.user.findUniqueOrThrow({ where: { id: superAdmin } })).isActive).toBe(true);
    // The same rank or below: allowed.
    expect(await app.request('PUT', `/api/users/${support.user.id}/toggle-status`, undefined, as('support'))).toMatchObject({ status: 200, body: { is_active: false } });
    expect(await app.request('PUT', `/api/users/${admin.user.id}/toggle-status`, undefined, as('admin'))).toMatchObject({ status: 200, body: { is_active: false } });
  });

  it('payouts and refunds go only to a number a rail can pay (Orange Money 62X, MTN MoMo 66X)', async () => {
    const payout = await app.request('POST', '/api/admin/commissions/process-payment', { deliverer_id: NOBODY, commission_ids: [NOBODY], payment_method: 'mobile_money', phone: '+224 650 00 00 01' }, as('admin'));
    expect(payout).toMatchObject({ status: 400, body: { code: 'PAYOUT_WALLET_INVALID' } });
    const refund = await app.request('POST', `/api/admin/refunds/${NOBODY}/send`, { phone: '+224 650 00 00 01' }, as('admin'));
    expect(refund).toMatchObject({ status: 400, body: { code: 'REFUND_PHONE_INVALID', detail: 'Numéro Orange Money (62X) ou MTN MoMo (66X) attendu, au format +224 6XX XX XX XX.' } });
  });

  it('an early payment asks at least 5000 GNF unless it is everything due: never 1 GNF', async () => {
    const courier = await signedIn(app, 'salaried_delivery');
    expect((await app.request('POST', `/api/admin/couriers/${courier.user.id}/ledger-adjustments`, { account: 'earnings', amount: 21_000, reason: 'Reprise' }, as('admin'))).status).toBe(201);
    const ask = (amount: number) => app.request('POST', '/api/delivery/request-payment', { amount, reason: 'early_payment' }, { token: courier.token });
    for (const amount of [1, 4_999]) {
      expect(await ask(amount)).toMatchObject({ status: 400, body: { code: 'EARLY_PAYMENT_BELOW_MINIMUM', detail: 'Montant minimum de 5000 GNF requis pour une demande de paiement' } });
    }
    expect(await app.db.payoutRequest.count({ where: { courierId: courier.user.id } })).toBe(0);
    expect((await ask(21_000)).status).toBe(201);
  });
});

const sockets: ClientSocket[] = [];
afterAll(() => sockets.forEach((socket) => socket.disconnect()));

const connect = (token: string | undefined): Promise<ClientSocket> => connectSocket(app.baseUrl, token, sockets);

describe('Socket.IO rooms and events × callers', () => {
  it('refuses the handshake without a valid token', async () => {
    await expect(connect(undefined)).rejects.toThrow('UNAUTHENTICATED');
    await expect(connect('not-a-token')).rejects.toThrow('UNAUTHENTICATED');
  });

  it("lets into A's course room only its client, its courier and staff; only they hear S's positions; only staff get the ops snapshot", async () => {
    const signedInCallers = CALLERS.slice(1);
    const connected = new Map<Caller, ClientSocket>();
    const heard = new Map<Caller, { positions: number; opsPositions: number; snapshots: number }>();
    for (const caller of signedInCallers) {
      const socket = await connect(tokens.get(caller));
      connected.set(caller, socket);
      const counts = { positions: 0, opsPositions: 0, snapshots: 0 };
      heard.set(caller, counts);
      socket.on('courier:position', (position) => {
        if (position.courier_id === ids.caller.get('salaried')) counts.positions += 1;
      });
      socket.on('couriers:positions', (positions) => {
        counts.opsPositions += positions.filter((position) => position.courier_id === ids.caller.get('salaried')).length;
      });
      socket.on('ops:snapshot', () => (counts.snapshots += 1));
    }

    const subscribed = {} as Record<Caller, boolean>;
    for (const caller of signedInCallers) {
      const socket = connected.get(caller)!;
      // A raw request to join a room is not an event the server knows: it does nothing.
      (socket as unknown as { emit(event: string, ...args: unknown[]): void }).emit('join', `course:${ids.course}`);
      const ack = await new Promise<SubscribeAck>((resolve) => socket.emit('course:subscribe', { course_id: ids.course }, resolve));
      subscribed[caller] = ack.ok;
    }
    expect(subscribed).toEqual({ client: true, otherClient: false, salaried: true, independent: false, otherCourier: false, support: true, admin: true, superAdmin: true });

    const snapshotFor = {} as Record<Caller, boolean>;
    for (const caller of signedInCallers) {
      const answer = await new Promise<{ ok: boolean }>((resolve) => connected.get(caller)!.emit('ops:snapshot', {}, resolve));
      snapshotFor[caller] = answer.ok;
    }
    expect(snapshotFor).toEqual({ client: false, otherClient: false, salaried: false, independent: false, otherCourier: false, support: true, admin: true, superAdmin: true });

    const sent = {} as Record<Caller, string>;
    for (const caller of signedInCallers) {
      const ack = await new Promise<PositionAck>((resolve) => connected.get(caller)!.emit('courier:position', { lat: 9.55, lng: -13.66, at: Date.now() }, resolve));
      sent[caller] = ack.ok ? 'ok' : ack.code;
    }
    expect(sent).toEqual({
      client: 'FORBIDDEN',
      otherClient: 'FORBIDDEN',
      salaried: 'ok',
      independent: 'ok',
      otherCourier: 'ok',
      support: 'FORBIDDEN',
      admin: 'FORBIDDEN',
      superAdmin: 'FORBIDDEN',
    });

    // Those who may see them hear the positions; by then the others would have too.
    await waitUntil('the positions and the ops frames to reach who may see them', () => {
      const has = (caller: Caller) => heard.get(caller)!;
      const staffHeard = (['support', 'admin', 'superAdmin'] as const).every((caller) => has(caller).positions > 0 && has(caller).opsPositions > 0 && has(caller).snapshots > 0);
      return staffHeard && has('client').positions > 0 && has('salaried').positions > 0;
    });
    const positions = Object.fromEntries(signedInCallers.map((caller) => [caller, heard.get(caller)!.positions > 0]));
    // S is in the room of its own course too.
    expect(positions).toEqual({ client: true, otherClient: false, salaried: true, independent: false, otherCourier: false, support: true, admin: true, superAdmin: true });
    // Every courier's positions, in the ops room's frames: staff only.
    const opsPositions = Object.fromEntries(signedInCallers.map((caller) => [caller, heard.get(caller)!.opsPositions > 0]));
    expect(opsPositions).toEqual({ client: false, otherClient: false, salaried: false, independent: false, otherCourier: false, support: true, admin: true, superAdmin: true });
    const snapshots = Object.fromEntries(signedInCallers.map((caller) => [caller, heard.get(caller)!.snapshots > 0]));
    expect(snapshots).toEqual({ client: false, otherClient: false, salaried: false, independent: false, otherCourier: false, support: true, admin: true, superAdmin: true });
  });

  it('tells only available couriers of a new course', async () => {
    const available = await signedIn(app, 'independent_delivery');
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: available.token });
    const unavailable = await signedIn(app, 'independent_delivery');
    const listeners = { available: await connect(available.token), unavailable: await connect(unavailable.token), otherClient: await connect(tokens.get('otherClient')) };
    const offers = { available: 0, unavailable: 0, otherClient: 0 };
    for (const [name, socket] of Object.entries(listeners)) socket.on('course:available', () => (offers[name as keyof typeof offers] += 1));

    const created = await app.request(
      'POST',
      '/api/courses',
      {
        pickup_location: { address: 'Madina', latitude: 9.5456, longitude: -13.6566 },
        delivery_location: { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 },
        recipient_phone: newPhone(),
        payment_method: 'cash_on_delivery',
      },
      { token: tokens.get('client'), ip: newIp() },
    );
    expect(created.status).toBe(201);
    await waitUntil('the offer to the available courier', () => offers.available > 0, 8000);
    await settled(app);
    expect(offers).toEqual({ available: 1, unavailable: 0, otherClient: 0 });
  });
});
