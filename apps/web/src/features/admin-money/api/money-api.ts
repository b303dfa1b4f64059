import type { OfficeDepositRequest, ProcessPaymentRequest, WeeklyRunRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { routeQuery } from '@/lib/query-client';

/** The screen's four lists; a payment, a decision or a payout check changes any of them. */
export const moneyQueries = {
  pending: () => routeQuery('GET /api/admin/commissions/pending'),
  summary: () => routeQuery('GET /api/admin/commissions/summary'),
  paymentRequests: () => routeQuery('GET /api/admin/payment-requests'),
  payouts: () => routeQuery('GET /api/admin/payouts'),
  cash: () => routeQuery('GET /api/admin/cash'),
};

export const moneyApi = {
  processPayment: (body: ProcessPaymentRequest) => apiClient.call('POST /api/admin/commissions/process-payment', { body }),
  approve: (id: string) => apiClient.call('POST /api/admin/payment-requests/:id/approve', { params: { id } }),
  reject: (id: string) => apiClient.call('POST /api/admin/payment-requests/:id/reject', { params: { id } }),
  checkPayout: (id: string) => apiClient.call('POST /api/admin/payouts/:id/check-status', { params: { id } }),
  weeklyRun: (body: WeeklyRunRequest) => apiClient.call('POST /api/admin/commissions/weekly-run', { body }),
  officeDeposit: (id: string, body: OfficeDepositRequest) => apiClient.call('POST /api/admin/couriers/:id/cash-deposits', { params: { id }, body }),
};
