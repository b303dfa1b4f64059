import type { DashboardStatsDto } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

export const adminDashboardApi = {
  stats: () => apiClient.get<DashboardStatsDto>('/dashboard/stats'),
};
