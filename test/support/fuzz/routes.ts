import fc from 'fast-check';
import {
  BLOOD_GROUPS,
  CASE_STATUSES,
  HAND_BACK_REASONS,
  INCIDENT_KINDS,
  COURIER_ACCOUNT_ROLES,
  COURSE_STATUS_FILTERS,
  COURSE_STATUSES,
  DISPUTE_TYPES,
  EMERGENCY_RELATIONSHIPS,
  ID_TYPES,
  PAYOUT_ACCOUNTS,
  ROLES,
  VEHICLE_TYPES,
  type Role,
} from '@coursa/domain';
import {
  address,
  conakryLatitude,
  conakryLongitude,
  futureDate,
  isoWeek,
  latitude,
  longitude,
  orderId,
  validEmail,
  validName,
  validPassword,
  validPhone,
  type Shape,
} from './arbitraries.js';

/**
 * What the fuzz suite sends to one route: who calls it (a role the route lets in, so the input reaches the
 * validation rather than the guard; none for public routes), and the valid shape of its body and query, from which
 * near-valid inputs are made. Path parameters are always fuzzed. A route without inputs of its own still gets junk
 * query strings and bodies, with fewer runs (`light`).
 */
export interface RouteFuzz {
  /** `merchant`: a client account made a merchant (issue 40), signed in. */
  caller: Role | 'client-password' | 'merchant' | null;
  body?: Shape;
  query?: Shape;
  /** Takes no body, query or parameter: a tenth of the runs, junk query and body only. */
  light?: true;
  /** multipart/form-data upload: its own generators (see multipartInputs). */
  multipart?: true;
  /** The route requires an `Idempotency-Key`: each input is sent with a fresh one, so that it reaches the validation. */
  idempotencyKey?: true;
}

const uuid = fc.uuid();
const text = (...values: string[]) => fc.constantFrom(...values);
const point = { latitude, longitude };
const location = { address, latitude: conakryLatitude, longitude: conakryLongitude, instructions: text('Sonner deux fois', '', 'Portail bleu') };
const account = { full_name: validName, phone: validPhone, email: validEmail, password: validPassword };
/**
 * Every list's paging (README "Lists come in pages"): a limit of 1 to 100 and a cursor, well-formed (the sort keys of
 * a row, base64url JSON: a date and an id, or a status before them) or not.
 */
const cursorOf = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
const cursor = fc.oneof(
  fc.tuple(fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }), uuid).map(([date, id]) => cursorOf([date.toISOString(), id])),
  fc.tuple(text('to_do', 'pending', 'approved'), fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }), uuid).map(([status, date, id]) => cursorOf([status, date.toISOString(), id])),
  fc.base64String({ maxLength: 80 }),
  text(''),
);
/** A device's time for an action made offline (issue 22): past, future, another offset, or not a date at all. */
const occurredAt = fc.oneof(
  fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((date) => date.toISOString()),
  text('', 'hier', '2026-11-25T10:00:00+01:00', '2026-11-25T10:00:00'),
);
/** The back office's search box (issue 38): a number, a phone in any format, a name, an address, an e-mail, or any text. */
const search = fc.oneof(
  text('CRS-000123', '000123', '123', '622 12 34 56', '+224622123456', '00224 622-12-34-56', 'balde', 'Mamadou Baldé', 'Cité de l’Air', 'm.balde@exemple.gn', 'USR-000042', '50%_off', ''),
  validPhone,
  validName,
  address,
  fc.string({ minLength: 2, maxLength: 100 }),
);
/** A statement's month (issue 40): `YYYY-MM`, past, current, future, or not a month. */
const statementMonth = text('2026-10', '2026-11', '2030-01', '2000-01', '2099-12', '9999-12', '2026-13', '2026-1', 'octobre', '');
const page = { limit: fc.integer({ min: 1, max: 100 }).map(String), cursor };
const paymentCommon = {
  amount: fc.integer({ min: 5_000, max: 100_000 }),
  customer_name: validName,
  customer_email: validEmail,
  order_id: orderId,
  description: text('Course Kaloum → Ratoma', ''),
  /** The order paid for (issue 34), stored with the payment. */
  course: { pickup_location: location, delivery_location: location, recipient_phone: validPhone, promo_code: text('MOINS20', '') },
};

/** A merchant's webhook endpoint (issue 40): public, private and odd URLs, known and unknown events. */
const webhookEndpoint = {
  url: text('https://boutique.example.gn/coursa/webhooks', 'http://shop.example.com/hooks', 'http://127.0.0.1:8080/x', 'https://10.0.0.1/x', 'ftp://shop.example.com/x', 'not a url', ''),
  description: text('Boutique de Kaloum', '', 'مرحبا'),
  event_types: fc.subarray(['delivery.created', 'delivery.assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered', 'delivery.cancelled', 'delivery.refunded', 'delivery.unknown']),
};
/** An instant of a replay's period: ISO with an offset, or not quite. */
const instant = fc.oneof(
  fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((date) => date.toISOString()),
  text('', 'hier', '2026-11-25T10:00:00+01:00', '2026-11-25T10:00:00', '2026-11-25'),
);

/** « Marquer comme payé hors Coursa » (issue 34). */
const paidOutside = { method: text('cash', 'bank_transfer', 'orange_money', 'mtn_momo', 'other'), reference: text('REÇU-0042', 'TX 123 456'), note: text('Payé au guichet', '') };

/** Every route the API registers, by `METHOD url` as Fastify reports it. A route missing here fails the suite. */
export const FUZZ_ROUTES: Record<string, RouteFuzz> = {
  // Auth
  'POST /api/auth/register': {
    caller: null,
    body: { ...account, full_name: validName, accepted_terms: fc.constant(true), referral_code: text('', 'ABC123'), role: text('client') },
  },
  'POST /api/auth/activate': { caller: null, body: { token: fc.base64String({ minLength: 40, maxLength: 44 }) } },
  // A few phones only: past 10 tries each the per-phone limit answers 429 before argon2 (validation comes first).
  'POST /api/auth/login': { caller: null, body: { phone: fc.constantFrom('+224620000001', '+224 621 00 00 02', '622000003'), password: validPassword } },
  'POST /api/auth/refresh': { caller: null, body: { refresh_token: fc.base64String({ minLength: 40, maxLength: 44 }) } },
  'POST /api/auth/logout': { caller: null, body: { refresh_token: fc.base64String({ minLength: 40, maxLength: 44 }) } },
  'GET /api/auth/me': { caller: 'client', light: true },
  'GET /api/push/public-key': { caller: 'independent_delivery', light: true },
  'POST /api/push/subscriptions': {
    caller: 'client',
    body: {
      endpoint: text('https://fcm.googleapis.com/fcm/send/abc:APA91b', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA', 'https://10.0.0.1/push', 'http://127.0.0.1/push'),
      keys: {
        p256dh: text('BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', ''),
        auth: text('tBHItJI5svbpez7KI4CCXg', ''),
      },
    },
  },
  'DELETE /api/push/subscriptions/:id': { caller: 'client' },
  'GET /api/places/saved': { caller: 'client', light: true },
  'POST /api/places/saved': { caller: 'client', body: { label: text('Maison', 'Bureau', '', 'مرحبا'), ...location } },
  'PUT /api/places/saved/:id': { caller: 'client', body: { label: text('Maison', 'Bureau', ''), ...location } },
  'DELETE /api/places/saved/:id': { caller: 'client' },
  // Merchants' webhooks (issue 40): a client that is no merchant, so a valid input gets 403 and a wrong one 400.
  'GET /api/v1/webhook-endpoints': { caller: 'client', light: true },
  'POST /api/v1/webhook-endpoints': { caller: 'client', body: webhookEndpoint },
  'PUT /api/v1/webhook-endpoints/:id': { caller: 'client', body: { ...webhookEndpoint, enabled: fc.boolean() } },
  'DELETE /api/v1/webhook-endpoints/:id': { caller: 'client' },
  'POST /api/v1/webhook-endpoints/:id/rotate-secret': { caller: 'client' },
  'POST /api/v1/webhook-endpoints/:id/test': { caller: 'client' },
  'GET /api/v1/webhook-endpoints/:id/deliveries': { caller: 'client', query: { status: text('pending', 'succeeded', 'failed', 'all', ''), ...page } },
  'POST /api/v1/webhook-endpoints/:id/replay': { caller: 'client', body: { since: instant, until: instant } },
  'POST /api/v1/webhook-deliveries/:id/replay': { caller: 'client' },
  'GET /api/places/suggestions': {
    caller: 'client',
    query: { q: fc.oneof(text('bambeto', 'carefour bambeto', 'Bambéto', 'ka', '50%_off', '\\%', ''), address, fc.string({ maxLength: 100 })), lat: conakryLatitude.map((value) => value.toFixed(5)), lng: conakryLongitude.map((value) => value.toFixed(5)) },
  },
  'GET /api/places/nearest': { caller: 'client', query: { lat: conakryLatitude.map((value) => value.toFixed(5)), lng: conakryLongitude.map((value) => value.toFixed(5)) } },
  // The caller's real password is never generated (a change would end the suite's session).
  'POST /api/auth/change-password': { caller: 'client-password', body: { current_password: validPassword, new_password: validPassword } },
  'POST /api/auth/forgot-password-choice': { caller: null, body: { contact: fc.oneof(validPhone, text('a@b.gn')), method: text('sms', 'email') } },
  'POST /api/auth/reset-password-choice': {
    caller: null,
    body: { contact: validPhone, method: text('sms', 'email'), reset_code: fc.stringMatching(/^\d{6}$/), new_password: validPassword },
  },

  // Courses and receipts
  'POST /api/courses/quote': { caller: 'client', body: { pickup_location: point, delivery_location: point, promo_code: text('GRATUIT-X', 'BIENVENUE') } },
  'POST /api/courses': {
    caller: 'client',
    body: {
      pickup_location: location,
      delivery_location: location,
      description: text('Un colis', ''),
      package_type: text('document', 'colis'),
      recipient_phone: validPhone,
      pickup_contact_phone: validPhone,
      delivery_contact_phone: validPhone,
      photo_url: text('https://exemple.gn/photo.jpg', ''),
      payment_method: text('cash_on_delivery'),
      payment_reference: orderId,
      promo_code: text('BIENVENUE'),
    },
  },
  'GET /api/courses': { caller: 'client', query: { ...page, status: fc.constantFrom(...COURSE_STATUS_FILTERS, '') } },
  'GET /api/courses/:id': { caller: 'client' },
  'GET /api/courses/:id/tracking': { caller: 'client' },
  // The recipient's link, public: junk tokens are 404 (or 429 once one address guessed too often).
  'GET /api/public/tracking/:token': { caller: null },
  'POST /api/courses/:id/cancel': { caller: 'client' },
  'GET /api/courses/:id/receipt': { caller: 'client' },

  // Payments
  'GET /api/payments/methods': { caller: 'client', light: true },
  'POST /api/payments/paycard': { caller: 'client', body: { ...paymentCommon, phone_number: validPhone, auto_redirect: fc.boolean(), jump_to_om: fc.boolean() } },
  'POST /api/payments/mobile-money': {
    caller: 'client',
    body: { ...paymentCommon, currency: text('GNF'), payment_method: text('orange_money', 'mtn_momo'), phone_number: validPhone },
  },
  'POST /api/payments/card': {
    caller: 'client',
    body: {
      ...paymentCommon,
      currency: text('USD'),
      card_number: text('4242 4242 4242 4242', '4000000000000002', '4000-0000-0000-3220'),
      cvv: fc.stringMatching(/^\d{3}$/),
      expiry_month: text('01', '12'),
      expiry_year: text('2030', '2020'),
    },
  },
  'GET /api/payments/status/:orderId': { caller: 'client' },
  'GET /api/payments/callback/paycard': { caller: null, query: { 'paycard-operation-reference': fc.oneof(fc.uuid(), text('SBX-00000000-0000-0000-0000-000000000000')) } },
  'POST /api/payments/callback/orange-money': { caller: null, body: { status: text('SUCCESS', 'FAILED'), notif_token: fc.base64String({ minLength: 8, maxLength: 40 }), txnid: text('MP123') } },
  'POST /api/payments/callback/mtn-momo': { caller: null, body: { externalId: orderId, status: text('SUCCESSFUL', 'FAILED') } },
  'GET /sandbox/pay/:reference': { caller: null },
  'POST /sandbox/pay/:reference': { caller: null, body: { outcome: text('success', 'failure') } },

  // Delivery (couriers)
  'POST /api/delivery/toggle-availability': { caller: 'independent_delivery', light: true },
  'GET /api/delivery/available-courses': { caller: 'independent_delivery', query: page },
  'POST /api/delivery/accept-course/:id': { caller: 'independent_delivery' },
  'GET /api/delivery/history': { caller: 'independent_delivery', query: { ...page, status: fc.constantFrom(...COURSE_STATUS_FILTERS, '') } },
  'GET /api/delivery/course/:id/navigation': { caller: 'independent_delivery' },
  'POST /api/delivery/course/:id/update-status': { caller: 'independent_delivery', query: { new_status: fc.constantFrom(...COURSE_STATUSES), occurred_at: occurredAt } },
  'POST /api/delivery/course/:id/verify-otp': { caller: 'independent_delivery', body: { otp: fc.stringMatching(/^\d{6}$/), occurred_at: occurredAt } },
  'POST /api/delivery/course/:id/proof-photo': { caller: 'independent_delivery', multipart: true },
  'POST /api/delivery/course/:id/regenerate-otp': { caller: 'independent_delivery' },
  'POST /api/delivery/course/:id/contact-support': { caller: 'independent_delivery', query: { issue: text('Le client ne répond pas', 'Adresse introuvable 🛵'), occurred_at: occurredAt } },
  'POST /api/delivery/course/:id/hand-back': { caller: 'independent_delivery', body: { reason: fc.constantFrom(...HAND_BACK_REASONS), note: text('Pneu crevé', '', 'مرحبا') } },
  'POST /api/delivery/course/:id/incident': {
    caller: 'independent_delivery',
    body: { kind: fc.constantFrom(...INCIDENT_KINDS), note: text('Ne répond pas', '', 'Moto 🛵 tombée'), latitude: conakryLatitude, longitude: conakryLongitude, occurred_at: occurredAt },
  },
  'GET /api/delivery/earnings': { caller: 'independent_delivery', light: true },
  'GET /api/delivery/commission-history': { caller: 'independent_delivery', query: page },
  'GET /api/delivery/payment-history': { caller: 'independent_delivery', query: page },
  'GET /api/delivery/ledger': { caller: 'independent_delivery', query: page },
  'POST /api/delivery/cash-deposits': {
    caller: 'independent_delivery',
    body: { payment_method: text('orange_money', 'mtn_momo'), phone_number: validPhone, amount: fc.integer({ min: -10, max: 1_000_000 }) },
  },
  'POST /api/delivery/request-payment': { caller: 'independent_delivery', body: { amount: fc.integer({ min: 1, max: 1_000_000 }), reason: text('early_payment') } },
  'GET /api/delivery/ratings': { caller: 'independent_delivery', light: true },

  // Ratings, disputes, loyalty
  'POST /api/ratings': { caller: 'client', body: { course_id: uuid, rating: fc.integer({ min: 1, max: 5 }), comment: text('Très bien', '', 'مرحبا') } },
  'POST /api/disputes': { caller: 'client', body: { course_id: uuid, reason: text('Colis abîmé'), description: text('Le carton était ouvert.', ''), dispute_type: fc.constantFrom(...DISPUTE_TYPES) } },
  'GET /api/disputes': { caller: 'client', query: page },
  'GET /api/loyalty/profile': { caller: 'client', light: true },
  'GET /api/loyalty/leaderboard': { caller: 'client', light: true },

  // Back office
  'GET /api/dashboard/stats': { caller: 'admin', light: true },
  'GET /api/admin/analytics': { caller: 'admin', query: { period: text('24h', '7days', '30days', '90days') } },
  'GET /api/admin/dispatch': { caller: 'admin' },
  'GET /api/admin/couriers/silent': { caller: 'admin' },
  'GET /api/admin/users': { caller: 'admin', query: { ...page, role: fc.constantFrom(...ROLES, ''), q: search } },
  'DELETE /api/admin/users/:id': { caller: 'admin' },
  'POST /api/admin/users/:id/reset-password': { caller: 'admin' },
  'PUT /api/users/:id/toggle-status': { caller: 'admin' },
  'GET /api/admin/courses': { caller: 'admin', query: { ...page, status: fc.constantFrom(...COURSE_STATUS_FILTERS, ''), q: search } },
  'POST /api/admin/courses/:id/assign': { caller: 'admin', body: { courier_id: uuid } },
  'GET /api/admin/couriers/available': { caller: 'admin', query: page },
  'PUT /api/admin/courses/:id/status': { caller: 'admin', query: { new_status: text('delivered', 'cancelled'), reason: text('Client injoignable', '') } },
  'GET /api/admin/places': { caller: 'admin', query: { ...page, q: search, hidden: text('true', 'false', '') } },
  'PUT /api/admin/places/:id': {
    caller: 'admin',
    body: { name: text('Carrefour Bambéto', 'Marché Madina, portail bleu', ''), ...point, instructions: text('Devant la pharmacie', ''), hidden: fc.boolean() },
  },
  'POST /api/admin/places/:id/merge': { caller: 'admin', body: { into_id: uuid } },
  // Merchants (issue 40): the suite's client is no merchant (403 once its query is valid).
  'GET /api/merchant/profile': { caller: 'client', light: true },
  'GET /api/merchant/statement': { caller: 'client', query: { month: statementMonth } },
  'GET /api/admin/merchants': { caller: 'admin', query: { ...page, q: search } },
  'PUT /api/admin/merchants/:id': {
    caller: 'admin',
    body: {
      business_name: text('Pharmacie du Port', 'Boutique 🛍️', ''),
      pickup_address: address,
      pickup_latitude: latitude,
      pickup_longitude: longitude,
      pickup_instructions: text('Comptoir de gauche', ''),
      pickup_contact_name: text('Fatoumata Sylla', ''),
      pickup_contact_phone: fc.oneof(validPhone, text('', '30 12 34 56', '+33612345678')),
      payment_terms: text('cash_on_delivery', 'mobile_money', 'monthly_statement'),
    },
  },
  'GET /api/admin/merchants/:id/statement': { caller: 'admin', query: { month: statementMonth } },
  'POST /api/admin/merchants/:id/statement/settle': { caller: 'admin', body: { month: statementMonth, reference: text('VIR-2026-11-03', '') } },
  'GET /api/admin/disputes': { caller: 'admin', query: { ...page, status: fc.constantFrom(...CASE_STATUSES) } },
  'PUT /api/admin/disputes/:id': { caller: 'admin', body: { status: fc.constantFrom(...CASE_STATUSES), note: text('Remboursé', '') } },
  'GET /api/admin/support-requests': { caller: 'admin', query: { ...page, status: fc.constantFrom(...CASE_STATUSES) } },
  'PUT /api/admin/support-requests/:id': { caller: 'admin', body: { status: fc.constantFrom(...CASE_STATUSES), note: text('Rappelé', '') } },
  'POST /api/admin/commissions/weekly-run': { caller: 'admin', body: { iso_week: isoWeek } },
  'GET /api/admin/commissions/pending': { caller: 'admin', query: page },
  'GET /api/admin/commissions/summary': { caller: 'admin', light: true },
  'GET /api/admin/commissions/weekly-run/:iso_week': { caller: 'admin' },
  'GET /api/admin/notifications': { caller: 'support', query: { ...page, unread: text('true', 'false') } },
  'POST /api/admin/notifications/:id/read': { caller: 'support' },
  'POST /api/admin/notifications/read-all': { caller: 'support', light: true },
  'POST /api/admin/commissions/process-payment': {
    caller: 'admin',
    body: { deliverer_id: uuid, commission_ids: fc.array(uuid, { minLength: 1, maxLength: 3 }), payment_method: text('mobile_money'), phone: validPhone },
  },
  'GET /api/admin/payment-requests': { caller: 'admin', query: page },
  'POST /api/admin/payment-requests/:id/approve': { caller: 'admin' },
  'POST /api/admin/payment-requests/:id/reject': { caller: 'admin' },
  'GET /api/admin/payouts': { caller: 'admin', query: page },
  'POST /api/admin/payouts/:id/check-status': { caller: 'admin' },
  'GET /api/admin/cash': { caller: 'admin', query: page },
  'POST /api/admin/couriers/:id/cash-deposits': { caller: 'admin', body: { amount: fc.integer({ min: -10, max: 1_000_000 }), note: text('Versé au bureau de Kaloum', '') } },
  'POST /api/admin/couriers/:id/ledger-adjustments': {
    caller: 'admin',
    body: { account: text('earnings', 'cash'), amount: fc.integer({ min: -1_000_000, max: 1_000_000 }), reason: text('Correction de caisse', '', 'x') },
  },
  'GET /api/admin/refunds': { caller: 'admin', query: { ...page, status: fc.constantFrom('to_do', 'processing', 'completed', 'failed', '') } },
  'POST /api/admin/refunds/:id/send': { caller: 'admin', body: { phone: validPhone } },
  'GET /api/admin/reconciliation': { caller: 'admin', light: true },
  'POST /api/admin/payments/:id/refund': { caller: 'admin' },
  'POST /api/admin/refunds/:id/mark-paid-outside': { caller: 'admin', body: paidOutside },
  'POST /api/admin/payouts/:id/mark-paid-outside': { caller: 'admin', body: paidOutside },
  'POST /api/admin/queue-board/session': { caller: 'admin', light: true },
  'POST /api/admin/create-delivery-person': {
    caller: 'admin',
    body: {
      ...account,
      role: fc.constantFrom(...COURIER_ACCOUNT_ROLES),
      vehicle_type: fc.constantFrom(...VEHICLE_TYPES, ''),
      license_number: text('LIC-123', ''),
      vehicle_registration: text('RC-1234-A'),
      vehicle_description: text('Moto rouge'),
      id_type: fc.constantFrom(...ID_TYPES),
      id_number: text('GN123456'),
      id_expiry_date: futureDate,
      id_photo_url: uuid.map((id) => `/api/files/${id}`),
      personal_photo_url: uuid.map((id) => `/api/files/${id}`),
      blood_group: fc.constantFrom(...BLOOD_GROUPS, ''),
      emergency_contact_name: validName,
      emergency_contact_phone: validPhone,
      emergency_contact_relationship: fc.constantFrom(...EMERGENCY_RELATIONSHIPS),
      address: address,
      experience_years: fc.integer({ min: 0, max: 50 }),
      previous_employer: text('Coursa'),
      bank_account: text('GN00 1234'),
      bank_name: fc.constantFrom(...PAYOUT_ACCOUNTS, ''),
    },
  },
  'GET /api/admin/couriers/:id/file': { caller: 'support' },
  'PUT /api/admin/couriers/:id/file': {
    caller: 'admin',
    body: {
      full_name: validName,
      vehicle_type: fc.constantFrom(...VEHICLE_TYPES, ''),
      id_number: text('GN123456'),
      id_expiry_date: futureDate,
      id_photo_url: uuid.map((id) => `/api/files/${id}`),
      emergency_contact_phone: validPhone,
      blood_group: fc.constantFrom(...BLOOD_GROUPS, ''),
      experience_years: fc.integer({ min: 0, max: 50 }),
      bank_account: text('620000001', 'GN00 1234'),
      bank_name: fc.constantFrom(...PAYOUT_ACCOUNTS, ''),
    },
  },
  'POST /api/upload/personal-photo': { caller: 'admin', multipart: true },
  'POST /api/upload/id-photo': { caller: 'admin', multipart: true },
  'POST /api/upload/parcel-photo': { caller: 'client', multipart: true },
  'GET /api/files/:id': { caller: 'admin' },

  // Super admin
  'POST /api/super-admin/create-admin': { caller: 'super_admin', body: account },
  'GET /api/super-admin/migration': { caller: 'admin', light: true },
  'POST /api/super-admin/migrate-to-super-admin': { caller: 'admin', light: true },
  'GET /api/super-admin/audit-logs': {
    caller: 'super_admin',
    query: { ...page, action: text('login', 'course.create'), resource_type: text('user', 'course') },
  },
  'GET /api/super-admin/audit-stats': { caller: 'super_admin', light: true },

  // Operations
  'GET /api/health': { caller: null, light: true },
  'GET /metrics': { caller: null, light: true },
  'GET /api/docs/openapi.json': { caller: null, light: true },
  'GET /api/docs': { caller: null, light: true },
  'GET /api/docs/:file': { caller: null },

  // Merchants (issue 40): a merchant's API keys, and the public API, called with the merchant's session.
  'GET /api/merchant/api-keys': { caller: 'merchant', light: true },
  'POST /api/merchant/api-keys': {
    caller: 'merchant',
    body: { name: text('Boutique en ligne', '', 'x'), scopes: fc.array(fc.constantFrom('deliveries:write', 'deliveries:read', 'webhooks:manage', 'admin', ''), { maxLength: 4 }) },
  },
  'POST /api/merchant/api-keys/:id/rotate': { caller: 'merchant', body: { overlap_hours: fc.integer({ min: -5, max: 200 }) } },
  'DELETE /api/merchant/api-keys/:id': { caller: 'merchant' },
  'POST /api/v1/quotes': { caller: 'merchant', body: { pickup: point, dropoff: point } },
  'POST /api/v1/deliveries': {
    caller: 'merchant',
    idempotencyKey: true,
    body: {
      reference: text('CMD-2026-0042', ''),
      pickup: { ...location, contact_phone: validPhone },
      dropoff: { ...location, contact_phone: validPhone },
      recipient_phone: validPhone,
      description: text('Deux boîtes', ''),
      package_type: text('colis', ''),
      payment_phone: validPhone,
    },
  },
  'GET /api/v1/deliveries': { caller: 'merchant', query: { ...page, status: fc.constantFrom(...COURSE_STATUS_FILTERS, ''), reference: text('CMD-2026-0042', '', '%_') } },
  'GET /api/v1/deliveries/:id': { caller: 'merchant' },
  'POST /api/v1/deliveries/:id/cancel': { caller: 'merchant' },
  'GET /api/v1/deliveries/:id/tracking-link': { caller: 'merchant' },
};
