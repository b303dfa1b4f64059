import type { ApiKeyScope, CourseStatus, MerchantPaymentTerms, WebhookEventType, WEBHOOK_TEST_EVENT } from '@coursa/domain';
import type { z } from 'zod';
import type {
  ApiKeyRequestSchema,
  MerchantProfileSchema,
  ReplayPeriodSchema,
  RotateApiKeySchema,
  SettleStatementSchema,
  V1CreateDeliverySchema,
  V1QuoteSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
} from './schemas/merchants.js';

/** Shops order by API (issue 40): merchant accounts, API keys, the versioned public API and signed webhooks. */

// The constants (payment terms, key scopes, webhook events) live in libs/domain: the request schemas read them, and a
// runtime re-export here would pull the whole domain into every chunk that reads the contracts (the tracking page's).

export type MerchantProfileRequest = z.input<typeof MerchantProfileSchema>;
export type CreateApiKeyRequest = z.input<typeof ApiKeyRequestSchema>;
export type RotateApiKeyRequest = z.input<typeof RotateApiKeySchema>;
export type CreateWebhookEndpointRequest = z.input<typeof WebhookEndpointSchema>;
export type UpdateWebhookEndpointRequest = z.input<typeof WebhookEndpointUpdateSchema>;
export type ReplayPeriodRequest = z.input<typeof ReplayPeriodSchema>;
export type SettleStatementRequest = z.input<typeof SettleStatementSchema>;
export type V1QuoteRequest = z.input<typeof V1QuoteSchema>;
export type V1CreateDeliveryRequest = z.input<typeof V1CreateDeliverySchema>;

export interface MerchantDto {
  user_id: string;
  business_name: string;
  pickup: { address: string; latitude: number; longitude: number; instructions: string | null; contact_name: string | null; contact_phone: string | null };
  payment_terms: MerchantPaymentTerms;
  payment_terms_label: string;
  created_at: string;
}

/** The back office's list of merchants, with their volume. */
export interface AdminMerchantDto extends MerchantDto {
  full_name: string;
  phone: string;
  email: string | null;
  /** Courses ordered this month (Conakry's, UTC) and their total price; all-time count. */
  month_courses: number;
  month_amount: number;
  total_courses: number;
}

export interface StatementCourseDto {
  id: string;
  course_number: string;
  reference: string | null;
  delivered_at: string;
  amount: number;
}

/** A merchant's month on account: its delivered `monthly_statement` courses, and whether staff settled it. */
export interface MerchantStatementDto {
  merchant_id: string;
  business_name: string;
  month: string;
  courses: StatementCourseDto[];
  course_count: number;
  amount: number;
  currency: 'GNF';
  settlement: { settled_at: string; settled_by: string; reference: string | null; amount: number } | null;
}

export interface ApiKeyDto {
  id: string;
  name: string;
  /** `cs_live_` and 12 characters: enough to recognise the key, never enough to use it. */
  prefix: string;
  scopes: ApiKeyScope[];
  created_at: string;
  /** After a rotation the old key works until then. */
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  status: 'active' | 'expiring' | 'expired' | 'revoked';
}

/** A new key: its secret shown once, never again. */
export interface ApiKeyCreatedResponse {
  key: ApiKeyDto;
  secret: string;
  /** A rotation: the key it replaces, working until its `expires_at`. */
  replaced?: ApiKeyDto;
}

export interface WebhookEndpointDto {
  id: string;
  url: string;
  description: string | null;
  event_types: WebhookEventType[];
  enabled: boolean;
  disabled_at: string | null;
  disabled_reason: string | null;
  /** The last rotation's previous secret signs beside the new one until then. */
  previous_secret_expires_at: string | null;
  created_at: string;
}

/** A new endpoint, or a rotated secret: `whsec_…`, shown once. */
export interface WebhookSecretResponse {
  endpoint: WebhookEndpointDto;
  secret: string;
}

export interface WebhookAttemptDto {
  attempted_at: string;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

/** One event for one endpoint, with every try: the delivery log's row. */
export interface WebhookDeliveryDto {
  id: string;
  /** The `webhook-id` header: the same on every try and replay, for the receiver to digest once. */
  webhook_id: string;
  event_type: string;
  delivery_id: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: WebhookAttemptDto[];
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookReplayResponse {
  replayed: number;
}

export interface V1Point {
  address: string;
  latitude: number;
  longitude: number;
  instructions: string | null;
  contact_phone: string | null;
}

/** A delivery as the public API shows it (`/api/v1/deliveries`), and as the webhooks' `data`. */
export interface V1DeliveryDto {
  id: string;
  object: 'delivery';
  /** Coursa's number (CRS-000123). */
  number: string;
  /** The merchant's own order reference, as sent. */
  reference: string | null;
  status: CourseStatus;
  status_label: string;
  pickup: V1Point;
  dropoff: V1Point;
  recipient_phone: string;
  description: string | null;
  package_type: string | null;
  price: number;
  discount: number;
  total: number;
  currency: 'GNF';
  payment_method: string;
  payment_status: string | null;
  /** Its courier; his phone only while the course is under way. */
  courier: { name: string; phone: string | null } | null;
  created_at: string;
  picked_up_at: string | null;
  delivered_at: string | null;
}

/** A mobile money merchant's order: its course is made once the payment is confirmed (`delivery.created`). */
export interface V1PendingDeliveryDto {
  object: 'pending_delivery';
  reference: string | null;
  /** `payment_url`: the provider's page where the payer confirms (Orange Money); null when their phone is asked (MTN MoMo). */
  payment: { order_id: string; status: string; amount: number; currency: 'GNF'; payment_url: string | null; message: string };
}

export interface V1TrackingLinkDto {
  delivery_id: string;
  url: string;
}

/** What a webhook carries, per the Standard Webhooks specification: `type`, `timestamp`, `data`. */
export interface WebhookPayload {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  timestamp: string;
  data: V1DeliveryDto | { message: string };
}
