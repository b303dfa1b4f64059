import { routeQuery } from '@/lib/query-client';

export const adminDashboardQueries = {
  stats: () => routeQuery('GET /api/dashboard/stats'),
};
