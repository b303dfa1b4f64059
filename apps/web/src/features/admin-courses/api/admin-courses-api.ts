import type { AdminCourseDto } from '@coursa/contracts';
import type { CourseStatus } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';

/** Spec §7: the back office's course calls. */
export const adminCoursesApi = {
  list: (status?: CourseStatus) =>
    apiClient.get<AdminCourseDto[]>(`/admin/courses${status ? `?status=${encodeURIComponent(status)}` : ''}`),
  setStatus: (id: string, newStatus: 'delivered' | 'cancelled', reason: string) => {
    const query = new URLSearchParams({ new_status: newStatus });
    if (reason) query.set('reason', reason);
    return apiClient.put<unknown>(`/admin/courses/${id}/status?${query.toString()}`);
  },
};
