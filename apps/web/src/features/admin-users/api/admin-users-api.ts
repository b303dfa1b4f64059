import type { Role } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { everyQueryOf } from '@/lib/query-client';

export const adminUsersQueries = {
  all: everyQueryOf('GET /api/admin/users'),
  /** Every user when no role is given, or those a search finds (`q`, issue 38), newest first, a page at a time. */
  list: (role?: Role, q?: string) => pagedQuery('GET /api/admin/users', { role, q }),
};

/** Spec §7: the back office's user calls. */
export const adminUsersApi = {
  toggleStatus: (id: string) => apiClient.call('PUT /api/users/:id/toggle-status', { params: { id } }),
  remove: (id: string) => apiClient.call('DELETE /api/admin/users/:id', { params: { id } }),
  /** Issue 38: a temporary password goes to the user by SMS; their sessions end. */
  resetPassword: (id: string) => apiClient.call('POST /api/admin/users/:id/reset-password', { params: { id } }),
};
