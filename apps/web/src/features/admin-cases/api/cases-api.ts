import type { UpdateCaseRequest } from '@coursa/contracts';
import type { CaseStatus } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { everyQueryOf } from '@/lib/query-client';

/** Every case when no status is given, newest first, a page at a time. */
export const casesQueries = {
  disputes: (status?: CaseStatus) => pagedQuery('GET /api/admin/disputes', { status }),
  allDisputes: everyQueryOf('GET /api/admin/disputes'),
  supportRequests: (status?: CaseStatus) => pagedQuery('GET /api/admin/support-requests', { status }),
  allSupportRequests: everyQueryOf('GET /api/admin/support-requests'),
};

export const casesApi = {
  updateDispute: (id: string, body: UpdateCaseRequest) => apiClient.call('PUT /api/admin/disputes/:id', { params: { id }, body }),
  updateSupportRequest: (id: string, body: UpdateCaseRequest) =>
    apiClient.call('PUT /api/admin/support-requests/:id', { params: { id }, body }),
};
