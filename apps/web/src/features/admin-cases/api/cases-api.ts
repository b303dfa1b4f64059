import type { UpdateCaseRequest } from '@coursa/contracts';
import type { CaseStatus } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';

export const casesApi = {
  disputes: (status: CaseStatus | '') => apiClient.call('GET /api/admin/disputes', { query: { status: status || undefined } }),
  supportRequests: (status: CaseStatus | '') =>
    apiClient.call('GET /api/admin/support-requests', { query: { status: status || undefined } }),
  updateDispute: (id: string, body: UpdateCaseRequest) => apiClient.call('PUT /api/admin/disputes/:id', { params: { id }, body }),
  updateSupportRequest: (id: string, body: UpdateCaseRequest) =>
    apiClient.call('PUT /api/admin/support-requests/:id', { params: { id }, body }),
};
