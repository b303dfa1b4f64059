import type { EditPlaceRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { everyQueryOf } from '@/lib/query-client';

export const adminPlacesQueries = {
  all: everyQueryOf('GET /api/admin/places'),
  /** The place book, most seen first, a page at a time: those whose name contains `q`, hidden ones or the others (issue 39). */
  pages: (q?: string, hidden?: 'true' | 'false') => pagedQuery('GET /api/admin/places', { q, hidden }),
};

/** Issue 39: staff curate the place book learned from deliveries. */
export const adminPlacesApi = {
  edit: (id: string, body: EditPlaceRequest) => apiClient.call('PUT /api/admin/places/:id', { params: { id }, body }),
  merge: (id: string, intoId: string) => apiClient.call('POST /api/admin/places/:id/merge', { params: { id }, body: { into_id: intoId } }),
};
