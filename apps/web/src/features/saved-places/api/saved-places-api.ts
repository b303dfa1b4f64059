import type { SavePlaceRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { routeQuery } from '@/lib/query-client';

export const savedPlacesQueries = {
  /** « Mes adresses »: at most 20, all in one answer; short-lived changes only come from this client's own writes. */
  list: () => routeQuery('GET /api/places/saved'),
};

export const savedPlacesApi = {
  create: (body: SavePlaceRequest) => apiClient.call('POST /api/places/saved', { body }),
  update: (id: string, body: SavePlaceRequest) => apiClient.call('PUT /api/places/saved/:id', { params: { id }, body }),
  remove: (id: string) => apiClient.call('DELETE /api/places/saved/:id', { params: { id } }),
};
