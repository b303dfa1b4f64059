import type {
  CardPaymentRequest,
  CreateCourseRequest,
  MobileMoneyPaymentRequest,
  PaycardPaymentRequest,
  QuoteRequest,
} from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { routeQuery } from '@/lib/query-client';

/** Suggestions and known places change slowly: a text typed again, or a spot tapped again, is answered from the cache. */
const PLACES_STALE_MS = 5 * 60_000;

export const orderingQueries = {
  /** A payment's status, followed by the payment modal while it is pending. */
  paymentStatus: (orderId: string) => routeQuery('GET /api/payments/status/:orderId', { params: { orderId } }),
  /** Search as you type on an « Adresse » field (issue 39), nearest first from `origin`. */
  placeSuggestions: (q: string, origin: { lat: string; lng: string } | null) => ({
    ...routeQuery('GET /api/places/suggestions', { query: { q, ...(origin ?? {}) } }),
    staleTime: PLACES_STALE_MS,
  }),
  /** The known place nearest to a spot picked on the map (issue 39). */
  nearestPlace: (lat: string, lng: string) => ({ ...routeQuery('GET /api/places/nearest', { query: { lat, lng } }), staleTime: PLACES_STALE_MS }),
};

export const orderingApi = {
  /** POST /upload/parcel-photo as multipart (field `file`). */
  uploadParcelPhoto: (file: File) => apiClient.upload('POST /api/upload/parcel-photo', file),
  quote: (body: QuoteRequest) => apiClient.call('POST /api/courses/quote', { body }),
  paymentMethods: () => apiClient.call('GET /api/payments/methods'),
  payWithPaycard: (body: PaycardPaymentRequest) => apiClient.call('POST /api/payments/paycard', { body }),
  payWithMobileMoney: (body: MobileMoneyPaymentRequest) => apiClient.call('POST /api/payments/mobile-money', { body }),
  payWithCard: (body: CardPaymentRequest) => apiClient.call('POST /api/payments/card', { body }),
  /**
   * POST /courses with an Idempotency-Key: after a payment the same key is sent again on a reload, so the API
   * replays its first answer instead of creating a second course.
   */
  createCourse: (body: CreateCourseRequest, idempotencyKey: string) =>
    apiClient.call('POST /api/courses', { body, headers: { 'Idempotency-Key': idempotencyKey } }),
};
