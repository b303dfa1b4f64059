import type { UpdateCaseRequest } from '@coursa/contracts';
import type { CaseStatus } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';
import { everyQueryOf, routeQuery } from '@/lib/query-client';

/** Every case when no status is given. */
export const casesQueries = {
  disputes: (status?: CaseStatus) => routeQuery('GET /api/admin/disputes', { query: { status } }),
  allDisputes: everyQueryOf('GET /api/admin/disputes'),
  supportRequests: (status?: CaseStatus) => routeQuery('GET /api/admin/support-requests', { query: { status } }),
  allSupportRequests: everyQueryOf('GET /api/admin/support-requests'),
};

export const casesApi = {
  updateDispute: (id: string, body: UpdateCaseRequest) => apiClient.call('PUT /api/admin/disputes/:id', { params: { id }, body }),
  updateSupportRequest: (id: string, body: UpdateCaseRequest) =>
    apiClient.call('PUT /api/admin/support-requests/:id', { params: { id }, body }),
};
