import type {
  CardPaymentRequest,
  CreateCourseRequest,
  MobileMoneyPaymentRequest,
  PaycardPaymentRequest,
  QuoteRequest,
} from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { routeQuery } from '@/lib/query-client';

export const orderingQueries = {
  /** A payment's status, followed by the payment modal while it is pending. */
  paymentStatus: (orderId: string) => routeQuery('GET /api/payments/status/:orderId', { params: { orderId } }),
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
