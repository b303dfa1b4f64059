import type {
  AdminCourseDto,
  BrowserAnswer,
  CourseDto,
  DeliveryDto,
  DisputeDto,
  FileRouteKey,
  LocationDto,
  PayoutDto,
  RatingDto,
  RouteAnswer,
  RouteBody,
  RouteKey,
  SessionResponse,
  StaffDisputeDto,
  StaffRefundDto,
  StaffSupportRequestDto,
  UploadRouteKey,
  UserDto,
} from '@coursa/contracts';
import {
  AvailabilityResponseSchema,
  CourseAcceptedResponseSchema,
  CourseStatusUpdatedResponseSchema,
  HealthResponseSchema,
  MessageResponseSchema,
  QuoteResponseSchema,
  RegisterResponseSchema,
  SessionResponseSchema,
  SuccessResponseSchema,
  UserDtoSchema,
  type OccurredAtBody,
} from '@coursa/contracts/schemas';
import { CASE_STATUS_LABELS, COURSE_STATUS_LABELS, DISPUTE_TYPE_LABELS } from '@coursa/domain';
import { z } from 'zod';

// What the OpenAPI document cannot read from the request schemas: what a route answers when it is not JSON, and an
// example of each body and answer. Each table is typed by the contracts' route map, so a route added to the map, or
// an answer whose shape changes there (a list that becomes a bare array…), does not compile until it is described.

type BrowserRouteKey = { [K in RouteKey]: RouteAnswer<K> extends BrowserAnswer ? K : never }[RouteKey];

export type NonJsonAnswer =
  | { kind: 'file'; types: [string, ...string[]]; description: string }
  | { kind: 'page'; description: string }
  | { kind: 'redirect'; description: string };

/** Routes answering a file, an HTML page or a redirect. */
export const NON_JSON_ANSWERS: Record<FileRouteKey | BrowserRouteKey, NonJsonAnswer> = {
  'GET /api/courses/:id/receipt': { kind: 'file', types: ['application/pdf'], description: 'Le reçu de la course, en PDF.' },
  'GET /api/files/:id': { kind: 'file', types: ['image/jpeg', 'image/png', 'image/webp'], description: 'La photo.' },
  'GET /metrics': { kind: 'file', types: ['text/plain'], description: 'Les métriques, au format texte de Prometheus.' },
  'GET /api/docs/:file': { kind: 'file', types: ['text/css', 'text/javascript'], description: "Un fichier de l'interface de référence." },
  'GET /api/payments/callback/paycard': { kind: 'redirect', description: "Le navigateur du client revient de PayCard : renvoyé vers l'application." },
  'GET /sandbox/pay/:reference': { kind: 'page', description: 'La page de paiement du bac à sable.' },
  'POST /sandbox/pay/:reference': { kind: 'redirect', description: 'Le choix du testeur est appliqué : retour vers l’application.' },
  'GET /api/docs': { kind: 'page', description: "L'interface de référence de l'API (Swagger UI)." },
};

/** Routes taking a photo as multipart/form-data, in the field `file`. */
export const UPLOADS: Record<UploadRouteKey, string> = {
  'POST /api/upload/personal-photo': 'La photo personnelle du livreur (JPEG, PNG ou WebP).',
  'POST /api/upload/id-photo': "La photo de la pièce d'identité du livreur (JPEG, PNG ou WebP).",
  'POST /api/upload/parcel-photo': 'La photo du colis (JPEG, PNG ou WebP).',
};

/** Routes answering JSON (uploads included). */
type JsonAnswerRouteKey = Exclude<RouteKey, FileRouteKey | BrowserRouteKey>;

/** The answers defined by a zod schema in the contracts (the others are TypeScript types of the route map). */
export const ANSWER_SCHEMAS: Partial<{ [K in JsonAnswerRouteKey]: z.ZodType<RouteAnswer<K>> }> = {
  'POST /api/auth/register': RegisterResponseSchema,
  'POST /api/auth/activate': MessageResponseSchema,
  'POST /api/auth/login': SessionResponseSchema,
  'POST /api/auth/refresh': SessionResponseSchema,
  'POST /api/auth/logout': MessageResponseSchema,
  'GET /api/auth/me': UserDtoSchema,
  'POST /api/auth/change-password': z.object({ ...MessageResponseSchema.shape, ...SessionResponseSchema.shape }),
  'POST /api/auth/forgot-password-choice': MessageResponseSchema,
  'POST /api/auth/reset-password-choice': MessageResponseSchema,
  'POST /api/courses/quote': QuoteResponseSchema,
  'POST /api/payments/callback/orange-money': MessageResponseSchema,
  'POST /api/payments/callback/mtn-momo': MessageResponseSchema,
  'POST /api/delivery/toggle-availability': AvailabilityResponseSchema,
  'POST /api/delivery/accept-course/:id': CourseAcceptedResponseSchema,
  'POST /api/delivery/course/:id/update-status': CourseStatusUpdatedResponseSchema,
  'POST /api/delivery/course/:id/verify-otp': MessageResponseSchema,
  'POST /api/delivery/course/:id/regenerate-otp': MessageResponseSchema,
  'POST /api/delivery/course/:id/contact-support': MessageResponseSchema,
  'DELETE /api/admin/users/:id': SuccessResponseSchema,
  'POST /api/admin/payment-requests/:id/approve': SuccessResponseSchema,
  'POST /api/admin/payment-requests/:id/reject': SuccessResponseSchema,
  'POST /api/admin/couriers/:id/cash-deposits': MessageResponseSchema,
  'POST /api/admin/couriers/:id/ledger-adjustments': MessageResponseSchema,
  'POST /api/admin/payments/:id/refund': MessageResponseSchema,
  'POST /api/admin/refunds/:id/mark-paid-outside': MessageResponseSchema,
  'POST /api/admin/payouts/:id/mark-paid-outside': MessageResponseSchema,
  'POST /api/super-admin/create-admin': SuccessResponseSchema,
  'POST /api/super-admin/migrate-to-super-admin': SuccessResponseSchema,
  'GET /api/health': HealthResponseSchema,
};

/** Routes taking a JSON body. */
type JsonBodyRouteKey = Exclude<{ [K in RouteKey]: [RouteBody<K>] extends [never] ? never : K }[RouteKey], UploadRouteKey>;

// A few things the examples share: one client, one courier, one course from the Madina market to Kaloum.
const AT = '2026-11-25T10:00:00.000Z';
const LATER = '2026-11-25T10:42:00.000Z';
const COURSE_ID = '7d444840-9dc0-41d1-b245-5ffdce74fad2';
const CLIENT_ID = '0b8f3a52-6a1e-4c1f-9d7e-3c2a1b0f9e8d';
const COURIER_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const CASE_ID = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
const PAYOUT_ID = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b';
const ORDER_ID = 'COURSE_1795412799746';
const CLIENT_PHONE = '+224620000001';
const COURIER_PHONE = '+224660000002';
const PICKUP: LocationDto = { address: 'Marché Madina, Conakry', latitude: 9.5456, longitude: -13.6566, instructions: null };
const DELIVERY: LocationDto = { address: 'Rue KA-020, Kaloum', latitude: 9.5092, longitude: -13.7122, instructions: 'Portail bleu' };
const MONEY_FOR_COURIER = { price_to_pay: 26_000, cash_to_collect: 26_000, trip_km: 7.4 };

const CLIENT: UserDto = {
  id: CLIENT_ID,
  phone: CLIENT_PHONE,
  full_name: 'Mariama Diallo',
  email: 'mariama@example.gn',
  role: 'client',
  referral_code: 'MARIAMA7',
  loyalty_points: 120,
  is_available: false,
  is_active: true,
  total_courses: 12,
  rating: null,
  accepted_terms: true,
  terms_accepted_at: AT,
  created_at: AT,
  updated_at: AT,
};
const COURIER: UserDto = { ...CLIENT, id: COURIER_ID, phone: COURIER_PHONE, full_name: 'Ibrahima Camara', email: null, role: 'salaried_delivery', referral_code: null, loyalty_points: 0, is_available: true, rating: 4.8 };
const SESSION: SessionResponse = { access_token: 'eyJhbGciOiJIUzI1NiJ9.e30.signature', refresh_token: 'r3fr3sh-t0k3n', token_type: 'bearer', expires_in: 900, user: CLIENT };

const COURSE: CourseDto = {
  id: COURSE_ID,
  course_id: 'CRS-000123',
  status: 'assigned',
  created_at: AT,
  updated_at: LATER,
  pickup_location: PICKUP,
  delivery_location: DELIVERY,
  pickup_contact_phone: null,
  delivery_contact_phone: null,
  recipient_phone: '+224620000003',
  description: 'Un sac de riz de 25 kg',
  photo_url: null,
  package_type: 'colis',
  estimated_price: 26_000,
  discount: 0,
  final_price: null,
  payment_method: 'cash_on_delivery',
  payment_status: null,
  pickup_time: null,
  delivery_time: null,
  pickup_instructions: null,
  delivery_instructions: 'Portail bleu',
  assigned_delivery_person_id: COURIER_ID,
  client_id: CLIENT_ID,
  client_name: 'Mariama Diallo',
  delivery_otp: true,
  refund: null,
  rating: null,
};
const DELIVERY_ITEM: DeliveryDto = { ...COURSE, ...MONEY_FOR_COURIER, earnings: 18_200, client_contact: { name: 'Mariama Diallo', phone: CLIENT_PHONE } };
const ADMIN_COURSE: AdminCourseDto = {
  id: COURSE_ID,
  status: 'assigned',
  client_id: CLIENT_ID,
  client_name: 'Mariama Diallo',
  assigned_delivery_person_id: COURIER_ID,
  delivery_person_name: 'Ibrahima Camara',
  created_at: AT,
  estimated_price: 26_000,
  payment_method: 'cash_on_delivery',
  price_to_pay: 26_000,
  pickup_location: PICKUP,
  delivery_location: DELIVERY,
  description: 'Un sac de riz de 25 kg',
  handover_flag: null,
  position_flag: null,
};
const RATING: RatingDto = { course_id: COURSE_ID, rating: 5, comment: 'Rapide et aimable.', client_name: 'Mariama D.', course_date: AT, created_at: LATER };
const DISPUTE: DisputeDto = {
  id: CASE_ID,
  course_id: COURSE_ID,
  dispute_type: 'damage',
  dispute_type_label: DISPUTE_TYPE_LABELS.damage,
  reason: 'Le sac est arrivé déchiré',
  description: null,
  status: 'open',
  status_label: CASE_STATUS_LABELS.open,
  staff_note: null,
  created_at: AT,
  updated_at: AT,
  resolved_at: null,
};
const CASE = { id: CASE_ID, course_id: COURSE_ID, course_short_id: '74fad2', status: 'in_review' as const, status_label: CASE_STATUS_LABELS.in_review, staff_note: 'Client rappelé.', handled_by_name: 'Aïssatou Bah', created_at: AT, updated_at: LATER, resolved_at: null };
const STAFF_DISPUTE: StaffDisputeDto = { ...CASE, client_name: 'Mariama Diallo', client_phone: CLIENT_PHONE, dispute_type: 'damage', dispute_type_label: DISPUTE_TYPE_LABELS.damage, reason: 'Le sac est arrivé déchiré', description: null };
const SUPPORT_REQUEST: StaffSupportRequestDto = { ...CASE, courier_name: 'Ibrahima Camara', courier_phone: COURIER_PHONE, issue: 'Le destinataire ne répond pas.' };
const PAYOUT: PayoutDto = {
  id: PAYOUT_ID,
  deliverer_name: 'Ibrahima Camara',
  amount: 145_600,
  total_courses: 8,
  period_start: '2026-11-16',
  period_end: '2026-11-22',
  method: 'mtn_momo',
  phone: COURIER_PHONE,
  reference: 'PAYOUT-2026-W47-7c8d',
  status: 'completed',
  created_at: AT,
  completed_at: LATER,
};
const REFUND: StaffRefundDto = {
  id: 'f0e1d2c3-b4a5-4968-8776-655443322110',
  course_id: COURSE_ID,
  course_number: 'CRS-000123',
  client_name: 'Mariama Diallo',
  client_wallet: CLIENT_PHONE,
  amount: 26_000,
  payment_provider: 'orange_money',
  method: 'wallet',
  status: 'completed',
  reference: 'REFUND-7d444840',
  failure_reason: null,
  phone: CLIENT_PHONE,
  created_at: AT,
  completed_at: LATER,
};
const DONE = { message: 'Opération effectuée.' };
const SUCCESS = { success: true as const, message: 'Opération effectuée.' };

/** An example body of each route that takes one. */
export const BODY_EXAMPLES: { [K in JsonBodyRouteKey]: RouteBody<K> } = {
  'POST /api/auth/register': { phone: '620000001', password: 'motdepasse7', full_name: 'Mariama Diallo', email: 'mariama@example.gn', accepted_terms: true },
  'POST /api/auth/activate': { token: 'jeton-du-lien-recu-par-sms' },
  'POST /api/auth/login': { phone: '620000001', password: 'motdepasse7' },
  'POST /api/auth/refresh': { refresh_token: 'r3fr3sh-t0k3n' },
  'POST /api/auth/logout': { refresh_token: 'r3fr3sh-t0k3n' },
  'POST /api/auth/change-password': { current_password: 'motdepasse7', new_password: 'nouveau-mot-2' },
  'POST /api/auth/forgot-password-choice': { contact: '620000001', method: 'sms' },
  'POST /api/auth/reset-password-choice': { contact: '620000001', method: 'sms', reset_code: '482913', new_password: 'nouveau-mot-2' },
  'POST /api/courses/quote': { pickup_location: { latitude: 9.5456, longitude: -13.6566 }, delivery_location: { latitude: 9.5092, longitude: -13.7122 } },
  'POST /api/courses': { pickup_location: PICKUP, delivery_location: DELIVERY, recipient_phone: '620000003', description: 'Un sac de riz de 25 kg', payment_method: 'cash_on_delivery' },
  'POST /api/payments/paycard': { amount: 26_000, customer_name: 'Mariama Diallo', order_id: ORDER_ID },
  'POST /api/payments/mobile-money': { amount: 26_000, customer_name: 'Mariama Diallo', order_id: ORDER_ID, currency: 'GNF', payment_method: 'orange_money', phone_number: '620000001' },
  'POST /api/payments/card': { amount: 26_000, customer_name: 'Mariama Diallo', order_id: ORDER_ID, currency: 'USD', card_number: '4111 1111 1111 1111', cvv: '123', expiry_month: '09', expiry_year: '2028' },
  'POST /api/payments/callback/orange-money': { status: 'SUCCESS', notif_token: 'jeton-de-notification', txnid: 'MP261125.1000.A12345' },
  'POST /api/payments/callback/mtn-momo': { externalId: ORDER_ID, status: 'SUCCESSFUL' },
  'POST /api/delivery/course/:id/verify-otp': { otp: '482913' },
  'POST /api/delivery/cash-deposits': { payment_method: 'mtn_momo', phone_number: '660000002', amount: 52_000 },
  'POST /api/delivery/request-payment': { amount: 72_800, reason: 'early_payment' },
  'POST /api/push/subscriptions': {
    endpoint: 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH4x',
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  },
  'POST /api/ratings': { course_id: COURSE_ID, rating: 5, comment: 'Rapide et aimable.' },
  'POST /api/disputes': { course_id: COURSE_ID, reason: 'Le sac est arrivé déchiré', dispute_type: 'damage' },
  'PUT /api/admin/disputes/:id': { status: 'in_review', note: 'Client rappelé.' },
  'PUT /api/admin/support-requests/:id': { status: 'resolved', note: 'Destinataire joint, colis livré.' },
  'POST /api/admin/commissions/weekly-run': { iso_week: '2026-W47' },
  'POST /api/admin/commissions/process-payment': { deliverer_id: COURIER_ID, commission_ids: [CASE_ID], payment_method: 'mobile_money', phone: '660000002' },
  'POST /api/admin/couriers/:id/cash-deposits': { amount: 52_000, note: 'Versé au bureau de Kaloum' },
  'POST /api/admin/couriers/:id/ledger-adjustments': { account: 'cash', amount: -2_000, reason: 'Erreur de saisie du 24/11' },
  'POST /api/admin/refunds/:id/send': { phone: '620000001' },
  'POST /api/admin/refunds/:id/mark-paid-outside': { method: 'cash', reference: 'Reçu n° 0042', note: 'Remis au bureau' },
  'POST /api/admin/payouts/:id/mark-paid-outside': { method: 'bank_transfer', reference: 'VIR-2026-1125-07', note: null },
  'POST /api/admin/create-delivery-person': {
    full_name: 'Ibrahima Camara',
    phone: '660000002',
    password: 'motdepasse7',
    role: 'salaried_delivery',
    vehicle_type: 'moto',
    id_type: 'carte_identite',
    id_number: 'GN-123456789',
    id_expiry_date: '2030-06-30',
    id_photo_url: '/api/files/9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e',
    emergency_contact_name: 'Fatoumata Camara',
    emergency_contact_phone: '620000004',
    emergency_contact_relationship: 'conjoint',
  },
  'POST /sandbox/pay/:reference': { outcome: 'success' },
  'POST /api/super-admin/create-admin': { full_name: 'Aïssatou Bah', phone: '620000005', email: 'aissatou@coursa.gn', password: 'motdepasse7' },
};

/**
 * Routes the route map types without a body whose controller still reads an optional one: a courier's step made
 * offline may carry its time in the body as well as in the query string.
 */
export const OPTIONAL_BODY_EXAMPLES: Partial<Record<RouteKey, z.input<typeof OccurredAtBody>>> = {
  'POST /api/delivery/course/:id/update-status': { occurred_at: '2026-11-25T10:00:00+00:00' },
  'POST /api/delivery/course/:id/contact-support': { occurred_at: '2026-11-25T10:00:00+00:00' },
};

/** An example answer of each route answering JSON. Lists answer as their route's answer type says. */

export const ANSWER_EXAMPLES: { [K in JsonAnswerRouteKey]: RouteAnswer<K> } = {
  'POST /api/auth/register': { requires_activation: true, message: 'Compte créé : ouvrez le lien reçu par SMS pour l’activer.' },
  'POST /api/auth/activate': { message: 'Compte activé : vous pouvez vous connecter.' },
  'POST /api/auth/login': SESSION,
  'POST /api/auth/refresh': SESSION,
  'POST /api/auth/logout': { message: 'Déconnecté.' },
  'GET /api/auth/me': CLIENT,
  'POST /api/auth/change-password': { ...SESSION, message: 'Mot de passe modifié.' },
  'POST /api/auth/forgot-password-choice': { message: 'Si ce compte existe, un code de réinitialisation a été envoyé.' },
  'POST /api/auth/reset-password-choice': { message: 'Mot de passe réinitialisé : vous pouvez vous connecter.' },
  'POST /api/courses/quote': { distance_km: 7.4, estimated_price: 26_000, discount: 0, total_price: 26_000, currency: 'GNF' },
  'POST /api/courses': { ...COURSE, status: 'pending', assigned_delivery_person_id: null },
  'GET /api/courses': [COURSE],
  'GET /api/courses/:id': COURSE,
  'GET /api/courses/:id/tracking': {
    id: COURSE_ID,
    status: 'en_route_delivery',
    status_label: COURSE_STATUS_LABELS.en_route_delivery,
    pickup_location: PICKUP,
    delivery_location: DELIVERY,
    estimated_price: 26_000,
    created_at: AT,
    pickup_time: LATER,
    delivery_time: null,
    arrival_estimate: 'Arrivée estimée dans 12 min',
    eta_minutes: 12,
    delivery_person_location: { latitude: 9.52, longitude: -13.69, at: LATER },
    courier_contact: { name: 'Ibrahima Camara', phone: COURIER_PHONE },
    route: null,
  },
  'GET /api/public/tracking/:token': {
    status: 'en_route_delivery',
    status_label: COURSE_STATUS_LABELS.en_route_delivery,
    steps: [
      { status: 'assigned', label: COURSE_STATUS_LABELS.assigned, done: true, at: AT },
      { status: 'en_route_delivery', label: COURSE_STATUS_LABELS.en_route_delivery, done: true, at: LATER },
      { status: 'delivered', label: COURSE_STATUS_LABELS.delivered, done: false, at: null },
    ],
    courier_first_name: 'Ibrahima',
    courier_position: { latitude: 9.52, longitude: -13.69, at: LATER },
    arrival_estimate: 'Arrivée estimée dans 12 min',
    eta_minutes: 12,
    delivery_address: DELIVERY.address,
    cash_to_pay: 26_000,
    expires_at: null,
  },
  'POST /api/courses/:id/cancel': { ...COURSE, status: 'cancelled' },
  'GET /api/payments/methods': {
    paycard_mobile_money: [],
    mobile_money: [{ code: 'orange_money', name: 'Orange Money', currency: 'GNF', description: 'Payer avec Orange Money', prefixes: ['62'] }],
    cash_on_delivery: [{ code: 'cash_on_delivery', name: 'Paiement à la livraison', currency: 'GNF', description: 'En espèces au livreur', prefixes: [] }],
    card: [],
  },
  'POST /api/payments/paycard': { status: 'initiated', order_id: ORDER_ID, payment_url: 'https://mapaycard.com/epay/…', amount: 26_000, currency: 'GNF' },
  'POST /api/payments/mobile-money': { status: 'initiated', order_id: ORDER_ID, payment_link: 'https://…/orange-money/…', amount: 26_000, currency: 'GNF' },
  'POST /api/payments/card': { status: 'requires_3ds', order_id: ORDER_ID, auth_url: 'https://…/3ds/…', amount: 26_000, currency: 'USD', amount_usd: 3.02 },
  'GET /api/payments/status/:orderId': { order_id: ORDER_ID, status: 'succeeded', method: 'orange_money', amount: 26_000, course_id: COURSE_ID, failure_message: null },
  'POST /api/payments/callback/orange-money': { message: 'Notification reçue.' },
  'POST /api/payments/callback/mtn-momo': { message: 'Notification reçue.' },
  'POST /api/delivery/toggle-availability': { is_available: true },
  'GET /api/delivery/available-courses': [
      {
        id: COURSE_ID,
        course_id: 'CRS-000123',
        estimated_price: 26_000,
        earnings: 18_200,
        pickup_location: PICKUP,
        delivery_location: DELIVERY,
        description: 'Un sac de riz de 25 kg',
        package_type: 'colis',
        created_at: AT,
        distance_km: 1.3,
        ...MONEY_FOR_COURIER,
      },
    ],
  'POST /api/delivery/accept-course/:id': { message: 'Course acceptée.', course_id: COURSE_ID, status: 'assigned' },
  'GET /api/delivery/history': [DELIVERY_ITEM],
  'GET /api/delivery/course/:id/navigation': {
    id: COURSE_ID,
    short_id: '74fad2',
    status: 'assigned',
    status_label: COURSE_STATUS_LABELS.assigned,
    pickup_location: PICKUP,
    delivery_location: DELIVERY,
    client_contact: { name: 'Mariama Diallo', phone: CLIENT_PHONE },
    recipient_phone: '+224620000003',
    pickup_contact_phone: null,
    delivery_contact_phone: null,
    description: 'Un sac de riz de 25 kg',
    package_type: 'colis',
    photo_url: null,
    estimated_price: 26_000,
    next_action: { status: 'en_route_pickup', label: 'Je pars au retrait' },
    otp_required: false,
    ...MONEY_FOR_COURIER,
  },
  'POST /api/delivery/course/:id/update-status': { message: 'Statut mis à jour.', status: 'en_route_pickup', status_label: COURSE_STATUS_LABELS.en_route_pickup },
  'POST /api/delivery/course/:id/verify-otp': { message: 'Course livrée.' },
  'POST /api/delivery/course/:id/regenerate-otp': { message: 'Un nouveau code a été envoyé au destinataire.' },
  'POST /api/delivery/course/:id/contact-support': { message: 'Le support a été prévenu.' },
  'GET /api/delivery/earnings': {
    pending_amount: 72_800,
    pending_courses: 4,
    paid_amount: 145_600,
    paid_courses: 8,
    total_amount: 218_400,
    total_courses: 12,
    next_payment_date: '2026-11-30',
    commission_rate: 0.7,
    payment_frequency: 'weekly',
    cash_held: 52_000,
    cash_owed: 0,
    cash_deposits: 104_000,
    balance: 20_800,
    earnings_due: 72_800,
    cash_cap: 300_000,
    over_cash_cap: false,
  },
  'GET /api/delivery/ledger': {
    entries: [{ id: CASE_ID, kind: 'commission_earned', account: 'earnings', amount: 18_200, course_id: COURSE_ID, payout_id: null, reason: null, created_at: LATER }],
    next_cursor: null,
  },
  'POST /api/delivery/cash-deposits': { deposit_id: CASE_ID, order_id: 'DEPOSIT_1795412799746', payment_link: null, amount: 52_000, currency: 'GNF' },
  'GET /api/delivery/commission-history': [
      {
        id: CASE_ID,
        status: 'pending',
        created_at: LATER,
        course_info: { pickup_address: PICKUP.address, delivery_address: DELIVERY.address },
        course_amount: 26_000,
        commission_amount: 18_200,
        commission_rate: 0.7,
      },
    ],
  'GET /api/delivery/payment-history': [
      {
        id: PAYOUT_ID,
        payment_status: 'completed',
        created_at: AT,
        period_start: '2026-11-16',
        period_end: '2026-11-22',
        total_courses: 8,
        payment_method: 'mtn_momo',
        payment_reference: 'PAYOUT-2026-W47-7c8d',
        total_commission: 145_600,
      },
    ],
  'POST /api/delivery/request-payment': {
    message: 'Demande envoyée.',
    request: { id: CASE_ID, amount: 72_800, reason: 'early_payment', status: 'pending', created_at: AT },
  },
  'GET /api/delivery/ratings': {
    average: 4.8,
    total: 25,
    distribution: [
      { rating: 5, count: 20, percentage: 80 },
      { rating: 4, count: 5, percentage: 20 },
      { rating: 3, count: 0, percentage: 0 },
      { rating: 2, count: 0, percentage: 0 },
      { rating: 1, count: 0, percentage: 0 },
    ],
    latest: [RATING],
  },
  'GET /api/push/public-key': { public_key: 'BKlQ36ZZLNrTZj-3veCLfzZtYK_I2WWIV1iC78r0Q1dL6PquXoflOpcb6Yh9PPe1EElTFOA4pJzxX5gqhm_ICVs' },
  'POST /api/push/subscriptions': { id: CASE_ID, created_at: AT },
  'DELETE /api/push/subscriptions/:id': { message: 'Notifications désactivées sur cet appareil.' },
  'POST /api/ratings': { message: 'Merci pour votre note.', rating: RATING },
  'POST /api/disputes': { message: 'Réclamation envoyée.', dispute: DISPUTE },
  'GET /api/disputes': [DISPUTE],
  'GET /api/loyalty/profile': {
    level: { name: 'Argent', level: 2, icon: '🥈' },
    points: 120,
    active_promo_codes: 1,
    next_level: { name: 'Or', level: 3, points_needed: 180 },
    referral_code: 'MARIAMA7',
    referral_count: 2,
    promo_codes: [{ code: 'GRATUIT-7K2P', type: 'percentage', value: 100, expires_at: '2027-02-23T00:00:00.000Z' }],
  },
  'GET /api/loyalty/leaderboard': [{ rank: 1, name: 'Mariama D.', level: 2, points: 120 }],
  'GET /api/dashboard/stats': { total_users: 1_240, total_courses: 5_310, active_courses: 18, completed_courses: 5_002 },
  'GET /api/admin/analytics': {
    total_revenue: 1_250_000,
    previous_revenue: 980_000,
    total_courses: 52,
    previous_courses: 44,
    active_deliverers: 24,
    online_deliverers: 11,
    average_delivery_time: 34,
    average_order_value: 24_038,
    total_commissions: 875_000,
    commission_percentage: 70,
    customer_satisfaction: 4.7,
    total_ratings: 40,
    success_rate: 94.2,
    successful_deliveries: 49,
    cancellation_rate: 5.8,
    cancelled_courses: 3,
    repeat_customer_rate: 61.5,
    peak_hours: '12h-14h',
    delivery_efficiency: 91,
    new_clients: 9,
    delivery_metrics: { in_progress: 6, pending: 2, delivered_today: 17 },
    weekly_trends: [{ date: '2026-11-25', revenue: 182_000, orders: 8, growth: 12.5 }],
    top_deliverers: [{ name: 'Ibrahima Camara', deliveries: 14 }],
    top_zones: [{ name: 'Kaloum', orders: 21 }],
    top_delivery_personnel: [{ name: 'Ibrahima Camara', completed_deliveries: 14, total_revenue: 352_000 }],
    alerts: [],
  },
  'GET /api/admin/dispatch': {
    waiting: [
      {
        id: COURSE_ID,
        course_id: 'CRS-000123',
        pickup_address: PICKUP.address,
        pickup_location: { latitude: PICKUP.latitude, longitude: PICKUP.longitude },
        delivery_address: DELIVERY.address,
        created_at: AT,
        waiting_minutes: 9,
        nearest_couriers: [{ courier_id: COURIER_ID, name: 'Ibrahima Camara', distance_km: 1.3 }],
      },
    ],
    flags: [],
    position_flags: [],
    alert_after_minutes: 5,
  },
  'GET /api/admin/users': {
    users: [{ id: CLIENT_ID, display_id: 'USR-000042', full_name: 'Mariama Diallo', phone: CLIENT_PHONE, email: 'mariama@example.gn', role: 'client', is_active: true, created_at: AT }],
    next_cursor: null,
    total: 1,
  },
  'DELETE /api/admin/users/:id': SUCCESS,
  'PUT /api/users/:id/toggle-status': { id: CLIENT_ID, is_active: false },
  'GET /api/admin/courses': [ADMIN_COURSE],
  'PUT /api/admin/courses/:id/status': { message: 'Course clôturée.', status: 'delivered' },
  'GET /api/admin/disputes': [STAFF_DISPUTE],
  'PUT /api/admin/disputes/:id': { message: 'Réclamation mise à jour.', dispute: STAFF_DISPUTE },
  'GET /api/admin/support-requests': [SUPPORT_REQUEST],
  'PUT /api/admin/support-requests/:id': { message: 'Demande mise à jour.', support_request: SUPPORT_REQUEST },
  'POST /api/admin/commissions/weekly-run': { message: 'Paiement hebdomadaire lancé.', iso_week: '2026-W47' },
  'GET /api/admin/commissions/pending': {
    commissions: [
      {
        id: CASE_ID,
        amount: 18_200,
        created_at: LATER,
        course_id: COURSE_ID,
        in_payout: false,
        deliverer_id: COURIER_ID,
        deliverer_name: 'Ibrahima Camara',
        deliverer_phone: COURIER_PHONE,
        deliverer_wallet: COURIER_PHONE,
      },
    ],
    next_cursor: null,
  },
  'GET /api/admin/commissions/summary': { pending_amount: 72_800, pending_count: 4, paid_this_month: 582_400, payments_this_month: 4 },
  'POST /api/admin/commissions/process-payment': { success: true, message: 'Paiement envoyé.', payout: { ...PAYOUT, status: 'processing', completed_at: null } },
  'GET /api/admin/payment-requests': {
    requests: [{ id: CASE_ID, deliverer_id: COURIER_ID, deliverer_name: 'Ibrahima Camara', amount: 72_800, reason: 'early_payment', status: 'pending', created_at: AT }],
    next_cursor: null,
  },
  'POST /api/admin/payment-requests/:id/approve': SUCCESS,
  'POST /api/admin/payment-requests/:id/reject': SUCCESS,
  'GET /api/admin/payouts': [PAYOUT],
  'GET /api/admin/cash': {
    couriers: [{ courier_id: COURIER_ID, name: 'Ibrahima Camara', phone: COURIER_PHONE, cash_held: 52_000, cash_owed: 0, balance: 20_800, over_cap: false }],
    next_cursor: null,
    total_on_street: 52_000,
    cash_cap: 300_000,
  },
  'POST /api/admin/couriers/:id/cash-deposits': { message: 'Dépôt enregistré.' },
  'POST /api/admin/couriers/:id/ledger-adjustments': { message: 'Correction enregistrée.' },
  'POST /api/admin/payouts/:id/check-status': { success: true, message: 'Paiement effectué.', payout: PAYOUT },
  'GET /api/admin/refunds': { refunds: [REFUND], next_cursor: null },
  'POST /api/admin/refunds/:id/send': { message: 'Remboursement envoyé.', refund: { ...REFUND, status: 'processing', completed_at: null } },
  'GET /api/admin/reconciliation': { payments: [], refunds: [], payouts: [] },
  'POST /api/admin/payments/:id/refund': { message: 'Remboursement ouvert.' },
  'POST /api/admin/refunds/:id/mark-paid-outside': DONE,
  'POST /api/admin/payouts/:id/mark-paid-outside': DONE,
  'POST /api/admin/queue-board/session': { url: '/admin/queues' },
  'POST /api/admin/create-delivery-person': { message: 'Livreur créé.', user: COURIER },
  'POST /api/upload/personal-photo': { photo_url: '/api/files/4c3b2a19-0f8e-4d7c-9b6a-5f4e3d2c1b0a', file_id: '4c3b2a19-0f8e-4d7c-9b6a-5f4e3d2c1b0a' },
  'POST /api/upload/id-photo': { photo_url: '/api/files/9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e', file_id: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e' },
  'POST /api/upload/parcel-photo': { photo_url: '/api/files/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', file_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
  'POST /api/super-admin/create-admin': SUCCESS,
  'GET /api/super-admin/migration': { available: false },
  'POST /api/super-admin/migrate-to-super-admin': SUCCESS,
  'GET /api/super-admin/audit-logs': {
    logs: [{ id: CASE_ID, timestamp: AT, user_name: 'Aïssatou Bah', user_role: 'admin', action: 'user_disabled', resource_type: 'user', resource_id: CLIENT_ID, success: true, ip: '197.149.1.10' }],
    next_cursor: null,
  },
  'GET /api/super-admin/audit-stats': {
    total_actions: 312,
    actions_per_day: 10.4,
    most_active_users: [{ user_name: 'Aïssatou Bah', user_role: 'admin', actions: 120 }],
    actions_by_type: { login: 200, user_disabled: 3 },
  },
  'GET /api/health': { status: 'ok', database: 'up', redis: 'up' },
  'GET /api/docs/openapi.json': { openapi: '3.1.0', info: { title: 'Coursa API', version: '1.0.0' }, paths: {} },
};
