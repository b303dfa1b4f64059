import type { AuditLogsResponse, AuditStatsDto, CreateAdminRequest, SuccessResponse } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

/** Spec §9: one page of audit entries. */
export const AUDIT_PAGE_LIMIT = 50;

export interface AuditFilters {
  action: string;
  resource_type: string;
}

export const superAdminApi = {
  createAdmin: (body: CreateAdminRequest) => apiClient.post<SuccessResponse>('/super-admin/create-admin', body),
  migrateToSuperAdmin: () => apiClient.post<SuccessResponse>('/super-admin/migrate-to-super-admin'),
  auditLogs: ({ action, resource_type }: AuditFilters) => {
    const query = new URLSearchParams({ limit: String(AUDIT_PAGE_LIMIT) });
    if (action) query.set('action', action);
    if (resource_type) query.set('resource_type', resource_type);
    return apiClient.get<AuditLogsResponse>(`/super-admin/audit-logs?${query}`);
  },
  auditStats: () => apiClient.get<AuditStatsDto>('/super-admin/audit-stats'),
};
