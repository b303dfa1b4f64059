import type { ChangePasswordRequest, MessageResponse, SessionResponse } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

/** The API revokes every session on a password change and answers with a fresh one. */
export type ChangePasswordResponse = MessageResponse & Pick<SessionResponse, 'access_token' | 'refresh_token' | 'user'>;

export const changePassword = (body: ChangePasswordRequest) =>
  apiClient.post<ChangePasswordResponse>('/auth/change-password', body);
