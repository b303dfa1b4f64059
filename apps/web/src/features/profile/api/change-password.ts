import type { ChangePasswordRequest, ChangePasswordResponse } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

export const changePassword = (body: ChangePasswordRequest) =>
  apiClient.post<ChangePasswordResponse>('/auth/change-password', body);
