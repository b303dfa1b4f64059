import type {
  DisputeUpdatedResponse,
  StaffDisputeDto,
  StaffSupportRequestDto,
  SupportRequestUpdatedResponse,
  UpdateCaseRequest,
} from '@coursa/contracts';
import type { CaseStatus } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';

const filtered = (path: string, status: CaseStatus | '') => (status ? `${path}?status=${status}` : path);

export const casesApi = {
  disputes: (status: CaseStatus | '') => apiClient.get<StaffDisputeDto[]>(filtered('/admin/disputes', status)),
  supportRequests: (status: CaseStatus | '') =>
    apiClient.get<StaffSupportRequestDto[]>(filtered('/admin/support-requests', status)),
  updateDispute: (id: string, body: UpdateCaseRequest) =>
    apiClient.put<DisputeUpdatedResponse>(`/admin/disputes/${encodeURIComponent(id)}`, body),
  updateSupportRequest: (id: string, body: UpdateCaseRequest) =>
    apiClient.put<SupportRequestUpdatedResponse>(`/admin/support-requests/${encodeURIComponent(id)}`, body),
};
