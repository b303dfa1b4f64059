import { apiClient } from '@/lib/api-client';
import { routeQuery } from '@/lib/query-client';

export const adminDashboardQueries = {
  stats: () => routeQuery('GET /api/dashboard/stats'),
  /** Courses waiting too long for a courier, with the nearest available ones (issue 24). */
  dispatch: () => routeQuery('GET /api/admin/dispatch'),
  /** Couriers on a course who have gone quiet (issue 37): « Livreurs sans position ». */
  silentCouriers: () => routeQuery('GET /api/admin/couriers/silent'),
};

export const adminDashboardApi = {
  /** Sets the short-lived cookie the queue board's pages need (README "Operations"); answers where the board is. */
  queueBoardSession: () => apiClient.call('POST /api/admin/queue-board/session'),
};
