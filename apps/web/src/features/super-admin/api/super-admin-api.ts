import type { CreateAdminRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { routeQuery } from '@/lib/query-client';

/** Spec §9: one page of audit entries. */
export const AUDIT_PAGE_LIMIT = 50;

export interface AuditFilters {
  action: string;
  resource_type: string;
}

export const superAdminApi = {
  createAdmin: (body: CreateAdminRequest) => apiClient.call('POST /api/super-admin/create-admin', { body }),
  migrateToSuperAdmin: () => apiClient.call('POST /api/super-admin/migrate-to-super-admin'),
};

export const superAdminQueries = {
  /** Whether the signed-in admin may migrate: only while the platform has no super administrator. */
  migration: () => routeQuery('GET /api/super-admin/migration'),
  /** The audit log, newest first, a page of 50 at a time (« Voir plus »), under the screen's filters. */
  auditLogs: ({ action, resource_type }: AuditFilters) =>
    pagedQuery('GET /api/super-admin/audit-logs', { limit: AUDIT_PAGE_LIMIT, ...(action && { action }), ...(resource_type && { resource_type }) }),
  /** The statistics of the last 30 days. */
  auditStats: () => routeQuery('GET /api/super-admin/audit-stats'),
};
