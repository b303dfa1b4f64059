import type { AnalyticsDto } from '@coursa/contracts';
import type { AnalyticsPeriod } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';

export const adminAnalyticsApi = {
  get: (period: AnalyticsPeriod) => apiClient.get<AnalyticsDto>(`/admin/analytics?period=${period}`),
};
