import type { ProcessPaymentRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

export const moneyApi = {
  pending: () => apiClient.call('GET /api/admin/commissions/pending'),
  summary: () => apiClient.call('GET /api/admin/commissions/summary'),
  paymentRequests: () => apiClient.call('GET /api/admin/payment-requests'),
  payouts: () => apiClient.call('GET /api/admin/payouts'),
  processPayment: (body: ProcessPaymentRequest) => apiClient.call('POST /api/admin/commissions/process-payment', { body }),
  approve: (id: string) => apiClient.call('POST /api/admin/payment-requests/:id/approve', { params: { id } }),
  reject: (id: string) => apiClient.call('POST /api/admin/payment-requests/:id/reject', { params: { id } }),
  checkPayout: (id: string) => apiClient.call('POST /api/admin/payouts/:id/check-status', { params: { id } }),
};
