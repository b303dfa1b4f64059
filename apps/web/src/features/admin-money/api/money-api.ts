import type {
  CommissionSummaryDto,
  PaymentRequestsResponse,
  PayoutDto,
  PayoutSentResponse,
  PendingCommissionsResponse,
  ProcessPaymentRequest,
  SuccessResponse,
} from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

const request = (id: string) => `/admin/payment-requests/${encodeURIComponent(id)}`;

export const moneyApi = {
  pending: () => apiClient.get<PendingCommissionsResponse>('/admin/commissions/pending'),
  summary: () => apiClient.get<CommissionSummaryDto>('/admin/commissions/summary'),
  paymentRequests: () => apiClient.get<PaymentRequestsResponse>('/admin/payment-requests'),
  payouts: () => apiClient.get<PayoutDto[]>('/admin/payouts'),
  processPayment: (body: ProcessPaymentRequest) => apiClient.post<PayoutSentResponse>('/admin/commissions/process-payment', body),
  approve: (id: string) => apiClient.post<SuccessResponse>(`${request(id)}/approve`),
  reject: (id: string) => apiClient.post<SuccessResponse>(`${request(id)}/reject`),
  checkPayout: (id: string) =>
    apiClient.post<PayoutSentResponse>(`/admin/payouts/${encodeURIComponent(id)}/check-status`),
};
