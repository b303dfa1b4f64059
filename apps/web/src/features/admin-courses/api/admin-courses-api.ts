import type { CourseStatus } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';
import { everyQueryOf, routeQuery } from '@/lib/query-client';

export const adminCoursesQueries = {
  all: everyQueryOf('GET /api/admin/courses'),
  /** All courses when no status is given. */
  list: (status?: CourseStatus) => routeQuery('GET /api/admin/courses', { query: { status } }),
};

/** Spec §7: the back office's course calls. */
export const adminCoursesApi = {
  setStatus: (id: string, newStatus: 'delivered' | 'cancelled', reason: string) =>
    apiClient.call('PUT /api/admin/courses/:id/status', { params: { id }, query: { new_status: newStatus, reason } }),
};
