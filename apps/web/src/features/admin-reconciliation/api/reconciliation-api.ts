import type { MarkPaidOutsideRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { routeQuery } from '@/lib/query-client';

export const reconciliationQueries = {
  overview: () => routeQuery('GET /api/admin/reconciliation'),
};

/** Each call carries its own Idempotency-Key: a double click, or a retry after a lost answer, records it once. */
export const reconciliationApi = {
  refundPayment: (id: string, key: string) => apiClient.call('POST /api/admin/payments/:id/refund', { params: { id }, headers: { 'Idempotency-Key': key } }),
  refundPaidOutside: (id: string, body: MarkPaidOutsideRequest, key: string) =>
    apiClient.call('POST /api/admin/refunds/:id/mark-paid-outside', { params: { id }, body, headers: { 'Idempotency-Key': key } }),
  payoutPaidOutside: (id: string, body: MarkPaidOutsideRequest, key: string) =>
    apiClient.call('POST /api/admin/payouts/:id/mark-paid-outside', { params: { id }, body, headers: { 'Idempotency-Key': key } }),
};
