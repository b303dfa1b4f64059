import type { CreateAdminRequest } from '@coursa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Spec §9: one page of audit entries. */
export const AUDIT_PAGE_LIMIT = 50;

export interface AuditFilters {
  action: string;
  resource_type: string;
}

export const superAdminApi = {
  createAdmin: (body: CreateAdminRequest) => apiClient.call('POST /api/super-admin/create-admin', { body }),
  migrationAvailability: () => apiClient.call('GET /api/super-admin/migration'),
  migrateToSuperAdmin: () => apiClient.call('POST /api/super-admin/migrate-to-super-admin'),
  auditLogs: ({ action, resource_type }: AuditFilters) =>
    apiClient.call('GET /api/super-admin/audit-logs', { query: { limit: AUDIT_PAGE_LIMIT, action, resource_type } }),
  auditStats: () => apiClient.call('GET /api/super-admin/audit-stats'),
};

export const superAdminQueries = {
  /** Whether the signed-in admin may migrate: only while the platform has no super administrator. */
  migration: () => queryOptions({ queryKey: ['super-admin', 'migration'] as const, queryFn: superAdminApi.migrationAvailability }),
  /** The audit screen loads the entries and the 30 days' statistics together: both fresh, or the screen says it failed. */
  audit: (filters: AuditFilters) =>
    queryOptions({
      queryKey: ['super-admin', 'audit', filters] as const,
      queryFn: async () => {
        const [answer, stats] = await Promise.all([superAdminApi.auditLogs(filters), superAdminApi.auditStats()]);
        return { logs: answer.logs, stats };
      },
    }),
};
