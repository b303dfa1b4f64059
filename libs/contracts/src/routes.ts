import type { AnalyticsPeriod, CaseStatus, CourseStatus, CourseStatusFilter, Role } from '@coursa/domain';
import type {
  AssignCourierRequest,
  AvailableCourierDto,
  CourierAssignedResponse,
  HandBackRequest,
  IncidentReportedResponse,
  IncidentRequest,
} from './assignments.js';
import type { CourierRatingsDto, CreateDisputeRequest, CreateRatingRequest, DisputeCreatedResponse, DisputeDto, RatingCreatedResponse } from './after-delivery.js';
import type {
  ActivateRequest,
  ChangePasswordRequest,
  ChangePasswordResponse,
  ForgotPasswordRequest,
  HealthResponse,
  LoginRequest,
  LogoutRequest,
  MessageResponse,
  RefreshRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  SessionResponse,
  UserDto,
} from './auth.js';
import type {
  AdminCourseDto,
  AdminUsersResponse,
  AnalyticsDto,
  CourseClosedResponse,
  DashboardStatsDto,
  QueueBoardSessionResponse,
  UserStatusResponse,
} from './back-office.js';
import type {
  CommissionDto,
  EarlyPaymentRequest,
  EarlyPaymentRequestedResponse,
  EarningsSummaryDto,
  PaymentRecordDto,
  WeeklyRunQueuedResponse,
  WeeklyRunReportDto,
  WeeklyRunRequest,
} from './commissions.js';
import type {
  CourierFileDto,
  CourierFileUpdatedResponse,
  StaffNotificationDto,
  StaffNotificationReadResponse,
  StaffNotificationsReadAllResponse,
  StaffPasswordResetResponse,
  UpdateCourierFileRequest,
} from './staff-tools.js';
import type {
  CashDepositInitiatedResponse,
  CashDepositRequest,
  CashOverviewResponse,
  LedgerAdjustmentRequest,
  LedgerResponse,
  OfficeDepositRequest,
} from './courier-money.js';
import type { CourseDto, CourseTrackingDto, CreateCourseRequest, QuoteRequest, QuoteResponse } from './courses.js';
import type {
  AvailabilityResponse,
  AvailableCourseDto,
  CourseAcceptedResponse,
  CourseStatusUpdatedResponse,
  DeliveryDto,
  NavigationDto,
  VerifyOtpRequest,
} from './delivery.js';
import type { DispatchViewDto, SilentCourierDto } from './dispatch.js';
import type { PushPublicKeyResponse, PushSubscriptionDto, SubscribePushRequest } from './push.js';
import type { LeaderboardEntryDto, LoyaltyProfileDto } from './loyalty.js';
import type { SavedPlaceDto, SavedPlaceSavedResponse, SavePlaceRequest } from './saved-places.js';
import type { AdminPlaceDto, EditPlaceRequest, MergePlaceRequest, NearestPlaceResponse, PlaceSavedResponse, PlaceSuggestionsResponse } from './places.js';
import type { PageQuery } from './pagination.js';
import type {
  AdminMerchantDto,
  ApiKeyCreatedResponse,
  ApiKeyDto,
  CreateApiKeyRequest,
  CreateWebhookEndpointRequest,
  MerchantDto,
  MerchantProfileRequest,
  MerchantStatementDto,
  ReplayPeriodRequest,
  RotateApiKeyRequest,
  SettleStatementRequest,
  UpdateWebhookEndpointRequest,
  V1CreateDeliveryRequest,
  V1DeliveryDto,
  V1PendingDeliveryDto,
  V1QuoteRequest,
  V1TrackingLinkDto,
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookReplayResponse,
  WebhookSecretResponse,
} from './merchants.js';
import type {
  CardPaymentRequest,
  MobileMoneyPaymentRequest,
  MtnMomoNotice,
  OrangeMoneyNotice,
  PaycardPaymentRequest,
  PaycardReturnQuery,
  PaymentInitiatedResponse,
  PaymentMethodsResponse,
  PaymentStatusResponse,
} from './payments.js';
import type { MarkPaidOutsideRequest, ReconciliationResponse } from './reconciliation.js';
import type { RecipientTrackingDto } from './recipient-tracking.js';
import type { RefundSentResponse, RefundStatus, RefundsResponse, SendRefundRequest } from './refunds.js';
import type {
  AuditLogsResponse,
  AuditStatsDto,
  CreateAdminRequest,
  MigrationAvailabilityDto,
  CreateDeliveryPersonRequest,
  CreateDeliveryPersonResponse,
  PhotoUploadResponse,
  SuccessResponse,
} from './staff.js';
import type {
  CommissionSummaryDto,
  DisputeUpdatedResponse,
  PaymentRequestsResponse,
  PayoutDto,
  PayoutSentResponse,
  PendingCommissionsAnswer,
  ProcessPaymentRequest,
  StaffDisputeDto,
  StaffSupportRequestDto,
  SupportRequestUpdatedResponse,
  UpdateCaseRequest,
} from './staff-money.js';

/** An answer that is not JSON but a file: the web client reads it as a Blob. */
export interface FileAnswer<ContentType extends string> {
  readonly file: ContentType;
}

/** An HTML page or a 303 redirect, for a browser that goes there itself, never for the API client. */
export interface BrowserAnswer {
  readonly browser: 'page' | 'redirect';
}

/** An OpenAPI 3.1 document (its paths, components… as the specification defines them). */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, object>;
  components?: object;
}

/** A multipart/form-data body with one file in the field `file`. */
export interface FileUpload {
  readonly multipart: 'file';
}

/** What one route takes and answers; `never` where it takes no body or no query string. */
interface Route<Answer, Body = never, Query = never> {
  answer: Answer;
  body: Body;
  query: Query;
}

/**
 * Every route the API registers, by `METHOD path` as Fastify reports it (path parameters as `:name`): the one
 * description of the HTTP API, used by the controllers' return types and by the web's API client.
 */
export interface ApiRoutes {
  // Auth
  'POST /api/auth/register': Route<RegisterResponse, RegisterRequest>;
  'POST /api/auth/activate': Route<MessageResponse, ActivateRequest>;
  'POST /api/auth/login': Route<SessionResponse, LoginRequest>;
  'POST /api/auth/refresh': Route<SessionResponse, RefreshRequest>;
  'POST /api/auth/logout': Route<MessageResponse, LogoutRequest>;
  'GET /api/auth/me': Route<UserDto>;
  'POST /api/auth/change-password': Route<ChangePasswordResponse, ChangePasswordRequest>;
  'POST /api/auth/forgot-password-choice': Route<MessageResponse, ForgotPasswordRequest>;
  'POST /api/auth/reset-password-choice': Route<MessageResponse, ResetPasswordRequest>;

  // Courses and receipts
  'POST /api/courses/quote': Route<QuoteResponse, QuoteRequest>;
  'POST /api/courses': Route<CourseDto, CreateCourseRequest>;
  'GET /api/courses': Route<CourseDto[], never, PageQuery & { status?: CourseStatusFilter }>;
  'GET /api/courses/:id': Route<CourseDto>;
  'GET /api/courses/:id/tracking': Route<CourseTrackingDto>;
  /** The recipient's tracking link, with no account (the token from the SMS). */
  'GET /api/public/tracking/:token': Route<RecipientTrackingDto>;
  'POST /api/courses/:id/cancel': Route<CourseDto>;
  'GET /api/courses/:id/receipt': Route<FileAnswer<'application/pdf'>>;

  // Payments
  'GET /api/payments/methods': Route<PaymentMethodsResponse>;
  'POST /api/payments/paycard': Route<PaymentInitiatedResponse, PaycardPaymentRequest>;
  'POST /api/payments/mobile-money': Route<PaymentInitiatedResponse, MobileMoneyPaymentRequest>;
  'POST /api/payments/card': Route<PaymentInitiatedResponse, CardPaymentRequest>;
  'GET /api/payments/status/:orderId': Route<PaymentStatusResponse>;
  'GET /api/payments/callback/paycard': Route<BrowserAnswer, never, PaycardReturnQuery>;
  'POST /api/payments/callback/orange-money': Route<MessageResponse, OrangeMoneyNotice>;
  'POST /api/payments/callback/mtn-momo': Route<MessageResponse, MtnMomoNotice>;
  'GET /sandbox/pay/:reference': Route<BrowserAnswer>;
  'POST /sandbox/pay/:reference': Route<BrowserAnswer, { outcome: 'success' | 'failure' }>;

  // Delivery (couriers)
  'POST /api/delivery/toggle-availability': Route<AvailabilityResponse>;
  'GET /api/delivery/available-courses': Route<AvailableCourseDto[], never, PageQuery>;
  'POST /api/delivery/accept-course/:id': Route<CourseAcceptedResponse>;
  'GET /api/delivery/history': Route<DeliveryDto[], never, PageQuery & { status?: CourseStatusFilter }>;
  'GET /api/delivery/course/:id/navigation': Route<NavigationDto>;
  /** `occurred_at`: the device's time of a step made offline (ISO 8601); send an `Idempotency-Key` with it. */
  'POST /api/delivery/course/:id/update-status': Route<CourseStatusUpdatedResponse, never, { new_status: CourseStatus; occurred_at?: string }>;
  'POST /api/delivery/course/:id/verify-otp': Route<MessageResponse, VerifyOtpRequest>;
  /** The courier's photo of the parcel at the door (proof of delivery), multipart field `file`; a new one replaces it. */
  'POST /api/delivery/course/:id/proof-photo': Route<PhotoUploadResponse, FileUpload>;
  'POST /api/delivery/course/:id/regenerate-otp': Route<MessageResponse>;
  'POST /api/delivery/course/:id/contact-support': Route<MessageResponse, never, { issue?: string; occurred_at?: string }>;
  /** Issue 38: hand a course back before collecting it (it waits for a courier again), with a reason. */
  'POST /api/delivery/course/:id/hand-back': Route<MessageResponse, HandBackRequest>;
  /** Issue 38: an incident after collection (absent recipient, refused parcel, accident, other): a case for staff. */
  'POST /api/delivery/course/:id/incident': Route<IncidentReportedResponse, IncidentRequest>;
  'GET /api/delivery/earnings': Route<EarningsSummaryDto>;
  'GET /api/delivery/ledger': Route<LedgerResponse, never, PageQuery>;
  'POST /api/delivery/cash-deposits': Route<CashDepositInitiatedResponse, CashDepositRequest>;
  'GET /api/delivery/commission-history': Route<CommissionDto[], never, PageQuery>;
  'GET /api/delivery/payment-history': Route<PaymentRecordDto[], never, PageQuery>;
  'POST /api/delivery/request-payment': Route<EarlyPaymentRequestedResponse, EarlyPaymentRequest>;
  'GET /api/delivery/ratings': Route<CourierRatingsDto>;

  // Web Push (issue 37): one subscription per device's browser, removed by the device or at sign-out
  'GET /api/push/public-key': Route<PushPublicKeyResponse>;
  'POST /api/push/subscriptions': Route<PushSubscriptionDto, SubscribePushRequest>;
  'DELETE /api/push/subscriptions/:id': Route<MessageResponse>;

  // « Mes adresses » (issue 39): a client's named places, offered first on the order form
  'GET /api/places/saved': Route<SavedPlaceDto[]>;
  'POST /api/places/saved': Route<SavedPlaceSavedResponse, SavePlaceRequest>;
  'PUT /api/places/saved/:id': Route<SavedPlaceSavedResponse, SavePlaceRequest>;
  'DELETE /api/places/saved/:id': Route<MessageResponse>;
  // The place book learned from deliveries (issue 39): search as you type, the nearest place to a spot, staff curation
  'GET /api/places/suggestions': Route<PlaceSuggestionsResponse, never, { q: string; lat?: string; lng?: string }>;
  'GET /api/places/nearest': Route<NearestPlaceResponse, never, { lat: string; lng: string }>;
  'GET /api/admin/places': Route<AdminPlaceDto[], never, PageQuery & { q?: string; hidden?: 'true' | 'false' | '' }>;
  'PUT /api/admin/places/:id': Route<PlaceSavedResponse, EditPlaceRequest>;
  'POST /api/admin/places/:id/merge': Route<PlaceSavedResponse, MergePlaceRequest>;

  // Merchants (issue 40): the merchant's own account, its API keys and statements (session of a merchant)
  'GET /api/merchant/profile': Route<MerchantDto>;
  'GET /api/merchant/statement': Route<MerchantStatementDto, never, { month?: string }>;
  'GET /api/merchant/api-keys': Route<ApiKeyDto[]>;
  'POST /api/merchant/api-keys': Route<ApiKeyCreatedResponse, CreateApiKeyRequest>;
  'POST /api/merchant/api-keys/:id/rotate': Route<ApiKeyCreatedResponse, RotateApiKeyRequest>;
  'DELETE /api/merchant/api-keys/:id': Route<ApiKeyDto>;
  'GET /api/admin/merchants': Route<AdminMerchantDto[], never, PageQuery & { q?: string }>;
  'PUT /api/admin/merchants/:id': Route<MerchantDto, MerchantProfileRequest>;
  'GET /api/admin/merchants/:id/statement': Route<MerchantStatementDto, never, { month?: string }>;
  'POST /api/admin/merchants/:id/statement/settle': Route<MerchantStatementDto, SettleStatementRequest>;

  // The public API, version 1 (issue 40): an API key (`Authorization: Bearer cs_live_…`) or a merchant's session
  'POST /api/v1/quotes': Route<QuoteResponse, V1QuoteRequest>;
  /** `Idempotency-Key` required. 201 with the delivery; 202 with a pending payment for a mobile money merchant. */
  'POST /api/v1/deliveries': Route<V1DeliveryDto | V1PendingDeliveryDto, V1CreateDeliveryRequest>;
  'GET /api/v1/deliveries': Route<V1DeliveryDto[], never, PageQuery & { status?: CourseStatusFilter; reference?: string }>;
  'GET /api/v1/deliveries/:id': Route<V1DeliveryDto>;
  'POST /api/v1/deliveries/:id/cancel': Route<V1DeliveryDto>;
  'GET /api/v1/deliveries/:id/tracking-link': Route<V1TrackingLinkDto>;
  'GET /api/v1/webhook-endpoints': Route<WebhookEndpointDto[]>;
  'POST /api/v1/webhook-endpoints': Route<WebhookSecretResponse, CreateWebhookEndpointRequest>;
  'PUT /api/v1/webhook-endpoints/:id': Route<WebhookEndpointDto, UpdateWebhookEndpointRequest>;
  'DELETE /api/v1/webhook-endpoints/:id': Route<MessageResponse>;
  'POST /api/v1/webhook-endpoints/:id/rotate-secret': Route<WebhookSecretResponse>;
  /** « Envoyer un test »: a `webhook.test` event to this endpoint, whatever events it chose. */
  'POST /api/v1/webhook-endpoints/:id/test': Route<WebhookDeliveryDto>;
  'GET /api/v1/webhook-endpoints/:id/deliveries': Route<WebhookDeliveryDto[], never, PageQuery & { status?: 'pending' | 'succeeded' | 'failed' }>;
  'POST /api/v1/webhook-endpoints/:id/replay': Route<WebhookReplayResponse, ReplayPeriodRequest>;
  'POST /api/v1/webhook-deliveries/:id/replay': Route<WebhookDeliveryDto>;

  // Ratings, disputes, loyalty
  'POST /api/ratings': Route<RatingCreatedResponse, CreateRatingRequest>;
  'POST /api/disputes': Route<DisputeCreatedResponse, CreateDisputeRequest>;
  'GET /api/disputes': Route<DisputeDto[], never, PageQuery>;
  'GET /api/loyalty/profile': Route<LoyaltyProfileDto>;
  'GET /api/loyalty/leaderboard': Route<LeaderboardEntryDto[]>;

  // Back office
  'GET /api/dashboard/stats': Route<DashboardStatsDto>;
  'GET /api/admin/analytics': Route<AnalyticsDto, never, { period?: AnalyticsPeriod }>;
  'GET /api/admin/dispatch': Route<DispatchViewDto>;
  'GET /api/admin/couriers/silent': Route<SilentCourierDto[]>;
  'GET /api/admin/users': Route<AdminUsersResponse, never, PageQuery & { role?: Role | ''; q?: string }>;
  'POST /api/admin/users/:id/reset-password': Route<StaffPasswordResetResponse>;
  'GET /api/admin/couriers/:id/file': Route<CourierFileDto>;
  'PUT /api/admin/couriers/:id/file': Route<CourierFileUpdatedResponse, UpdateCourierFileRequest>;
  'DELETE /api/admin/users/:id': Route<SuccessResponse>;
  'PUT /api/users/:id/toggle-status': Route<UserStatusResponse>;
  'GET /api/admin/courses': Route<AdminCourseDto[], never, PageQuery & { status?: CourseStatusFilter | ''; q?: string }>;
  /** Issue 38: give a waiting course to a courier, or one in progress to another (its status unchanged). */
  'POST /api/admin/courses/:id/assign': Route<CourierAssignedResponse, AssignCourierRequest>;
  'GET /api/admin/couriers/available': Route<AvailableCourierDto[], never, PageQuery>;
  'PUT /api/admin/courses/:id/status': Route<CourseClosedResponse, never, { new_status: 'delivered' | 'cancelled'; reason?: string; cash_collected?: 'true' | 'false' }>;
  'GET /api/admin/disputes': Route<StaffDisputeDto[], never, PageQuery & { status?: CaseStatus }>;
  'PUT /api/admin/disputes/:id': Route<DisputeUpdatedResponse, UpdateCaseRequest>;
  'GET /api/admin/support-requests': Route<StaffSupportRequestDto[], never, PageQuery & { status?: CaseStatus }>;
  'PUT /api/admin/support-requests/:id': Route<SupportRequestUpdatedResponse, UpdateCaseRequest>;
  'POST /api/admin/commissions/weekly-run': Route<WeeklyRunQueuedResponse, WeeklyRunRequest>;
  'GET /api/admin/commissions/weekly-run/:iso_week': Route<WeeklyRunReportDto>;
  'GET /api/admin/notifications': Route<StaffNotificationDto[], never, PageQuery & { unread?: 'true' | 'false' }>;
  'POST /api/admin/notifications/:id/read': Route<StaffNotificationReadResponse>;
  'POST /api/admin/notifications/read-all': Route<StaffNotificationsReadAllResponse>;
  'GET /api/admin/commissions/pending': Route<PendingCommissionsAnswer, never, PageQuery>;
  'GET /api/admin/commissions/summary': Route<CommissionSummaryDto>;
  'POST /api/admin/commissions/process-payment': Route<PayoutSentResponse, ProcessPaymentRequest>;
  'GET /api/admin/payment-requests': Route<PaymentRequestsResponse, never, PageQuery>;
  'POST /api/admin/payment-requests/:id/approve': Route<SuccessResponse>;
  'POST /api/admin/payment-requests/:id/reject': Route<SuccessResponse>;
  'GET /api/admin/payouts': Route<PayoutDto[], never, PageQuery>;
  'GET /api/admin/cash': Route<CashOverviewResponse, never, PageQuery>;
  'POST /api/admin/couriers/:id/cash-deposits': Route<MessageResponse, OfficeDepositRequest>;
  'POST /api/admin/couriers/:id/ledger-adjustments': Route<MessageResponse, LedgerAdjustmentRequest>;
  'POST /api/admin/payouts/:id/check-status': Route<PayoutSentResponse>;
  'GET /api/admin/refunds': Route<RefundsResponse, never, PageQuery & { status?: RefundStatus | '' }>;
  'POST /api/admin/refunds/:id/send': Route<RefundSentResponse, SendRefundRequest>;
  // Reconciliation (issue 34): money that waits for staff, and what they settle outside Coursa.
  'GET /api/admin/reconciliation': Route<ReconciliationResponse>;
  'POST /api/admin/payments/:id/refund': Route<MessageResponse>;
  'POST /api/admin/refunds/:id/mark-paid-outside': Route<MessageResponse, MarkPaidOutsideRequest>;
  'POST /api/admin/payouts/:id/mark-paid-outside': Route<MessageResponse, MarkPaidOutsideRequest>;
  'POST /api/admin/queue-board/session': Route<QueueBoardSessionResponse>;
  'POST /api/admin/create-delivery-person': Route<CreateDeliveryPersonResponse, CreateDeliveryPersonRequest>;
  'POST /api/upload/personal-photo': Route<PhotoUploadResponse, FileUpload>;
  'POST /api/upload/id-photo': Route<PhotoUploadResponse, FileUpload>;
  'POST /api/upload/parcel-photo': Route<PhotoUploadResponse, FileUpload>;
  'GET /api/files/:id': Route<FileAnswer<'image/jpeg' | 'image/png' | 'image/webp'>>;

  // Super admin
  'POST /api/super-admin/create-admin': Route<SuccessResponse, CreateAdminRequest>;
  'GET /api/super-admin/migration': Route<MigrationAvailabilityDto>;
  'POST /api/super-admin/migrate-to-super-admin': Route<SuccessResponse>;
  'GET /api/super-admin/audit-logs': Route<AuditLogsResponse, never, PageQuery & { action?: string; resource_type?: string }>;
  'GET /api/super-admin/audit-stats': Route<AuditStatsDto>;

  // Operations
  'GET /api/health': Route<HealthResponse>;
  /** The OpenAPI 3.1 document of these routes, generated from their request schemas. */
  'GET /api/docs/openapi.json': Route<OpenApiDocument>;
  /** The reference UI reading it (Swagger UI, served from the API itself). */
  'GET /api/docs': Route<BrowserAnswer>;
  'GET /api/docs/:file': Route<FileAnswer<'text/css' | 'text/javascript'>>;
  'GET /metrics': Route<FileAnswer<'text/plain'>>;
}

export type RouteKey = keyof ApiRoutes;
export type RouteAnswer<K extends RouteKey> = ApiRoutes[K]['answer'];
export type RouteBody<K extends RouteKey> = ApiRoutes[K]['body'];
export type RouteQuery<K extends RouteKey> = ApiRoutes[K]['query'];

export type RouteMethod<K extends RouteKey> = K extends `${infer Method} ${string}` ? Method : never;
export type RoutePath<K extends RouteKey> = K extends `${string} ${infer Path}` ? Path : never;

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of a route, e.g. `{ id: string }` for `GET /api/courses/:id`. */
export type RouteParams<K extends RouteKey> = { [Name in ParamNames<RoutePath<K>>]: string };

type TakesUpload<K extends RouteKey> = [RouteBody<K>] extends [never] ? false : RouteBody<K> extends FileUpload ? true : false;

/** Routes answering JSON to a JSON (or empty) body: what the web's API client calls. */
export type JsonRouteKey = {
  [K in RouteKey]: RouteAnswer<K> extends FileAnswer<string> | BrowserAnswer ? never : TakesUpload<K> extends true ? never : K;
}[RouteKey];
/** Routes answering a file. */
export type FileRouteKey = { [K in RouteKey]: RouteAnswer<K> extends FileAnswer<string> ? K : never }[RouteKey];
/** Routes taking a multipart file upload. */
export type UploadRouteKey = { [K in RouteKey]: TakesUpload<K> extends true ? K : never }[RouteKey];
