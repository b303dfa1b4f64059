import type { AdminUserDto } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

/** Spec §7: the back office's user calls. */
export const adminUsersApi = {
  list: (role?: string) => apiClient.get<{ users: AdminUserDto[] }>(`/admin/users${role ? `?role=${encodeURIComponent(role)}` : ''}`),
  toggleStatus: (id: string) => apiClient.put<{ id: string; is_active: boolean }>(`/users/${id}/toggle-status`),
  remove: (id: string) => apiClient.delete<{ success: boolean; message: string }>(`/admin/users/${id}`),
};
