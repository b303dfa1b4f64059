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
import { API_BASE_URL } from '@/config';
import { ApiError, apiClient, sessionTokens } from '@/lib/api-client';

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
 * replays its first answer instead of creating a second course. The shared client has no header option, hence fetch.
 */
async function createCourse(body: CreateCourseRequest, idempotencyKey: string): Promise<CourseDto> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Idempotency-Key': idempotencyKey,
  };
  const token = sessionTokens.access();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${API_BASE_URL}/courses`, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => null)) as { detail?: unknown; code?: unknown } | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof answer?.detail === 'string' ? answer.detail : '',
      typeof answer?.code === 'string' ? answer.code : '',
    );
  }
  return answer as unknown as CourseDto;
}
