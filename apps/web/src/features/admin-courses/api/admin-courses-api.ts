import type { CourseStatusFilter } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';
import { allPagesQuery, pagedQuery } from '@/lib/paged-query';
import { everyQueryOf } from '@/lib/query-client';

export const adminCoursesQueries = {
  all: everyQueryOf('GET /api/admin/courses'),
  /** All courses when no status is given, or those a search finds (`q`, issue 38), newest first, a page at a time. */
  pages: (status?: CourseStatusFilter, q?: string) => pagedQuery('GET /api/admin/courses', { status, q }),
  /**
   * Every course under way, for other screens (the dashboard's live map): all the pages of the `active` filter, which
   * the number of couriers keeps short.
   */
  inTransit: () => allPagesQuery('GET /api/admin/courses', { status: 'active' }, (page) => page),
};

/** Spec §7: the back office's course calls. */
export const adminCoursesApi = {
  /** Issue 38: a waiting course to a courier, or one under way to another. */
  assign: (id: string, courierId: string) => apiClient.call('POST /api/admin/courses/:id/assign', { params: { id }, body: { courier_id: courierId } }),
  setStatus: (id: string, newStatus: 'delivered' | 'cancelled', reason: string, cashCollected?: boolean) =>
    apiClient.call('PUT /api/admin/courses/:id/status', {
      params: { id },
      query: { new_status: newStatus, reason, ...(cashCollected !== undefined && { cash_collected: cashCollected ? 'true' : 'false' }) },
    }),
};
