import type { AnalyticsPeriod } from '@coursa/domain';
import { routeQuery } from '@/lib/query-client';

/** Spec §9: the dashboard and the analytics refresh every 30 seconds. */
export const AUTO_REFRESH_MS = 30_000;

export const adminAnalyticsQueries = {
  analytics: (period: AnalyticsPeriod) => routeQuery('GET /api/admin/analytics', { query: { period } }),
};
