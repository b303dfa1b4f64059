import type { ChangePasswordRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

export const changePassword = (body: ChangePasswordRequest) => apiClient.call('POST /api/auth/change-password', { body });
