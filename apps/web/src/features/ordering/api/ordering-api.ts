import type {
  CardPaymentRequest,
  CourseDto,
  CreateCourseRequest,
  MobileMoneyPaymentRequest,
  PaycardPaymentRequest,
  PaymentInitiatedResponse,
  PaymentMethodsResponse,
  PaymentStatusResponse,
  QuoteRequest,
  QuoteResponse,
} from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

export const orderingApi = {
  quote: (body: QuoteRequest) => apiClient.post<QuoteResponse>('/courses/quote', body),
  paymentMethods: () => apiClient.get<PaymentMethodsResponse>('/payments/methods'),
  payWithPaycard: (body: PaycardPaymentRequest) => apiClient.post<PaymentInitiatedResponse>('/payments/paycard', body),
  payWithMobileMoney: (body: MobileMoneyPaymentRequest) =>
    apiClient.post<PaymentInitiatedResponse>('/payments/mobile-money', body),
  payWithCard: (body: CardPaymentRequest) => apiClient.post<PaymentInitiatedResponse>('/payments/card', body),
  paymentStatus: (orderId: string) =>
    apiClient.get<PaymentStatusResponse>(`/payments/status/${encodeURIComponent(orderId)}`),
  createCourse,
};

/**
 * POST /courses with an Idempotency-Key: after a payment the same key is sent again on a reload, so the API
 * replays its first answer instead of creating a second course.
 */
function createCourse(body: CreateCourseRequest, idempotencyKey: string): Promise<CourseDto> {
  return apiClient.post<CourseDto>('/courses', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
