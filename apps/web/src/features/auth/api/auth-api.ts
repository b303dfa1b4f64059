import type {
  ActivateRequest,
  ForgotPasswordRequest,
  LoginRequest,
  RefreshRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

/** A wrong password is a 401 too: it must reach the form, not trigger a session refresh. */
const withoutRefresh = { refreshOnUnauthorized: false };

export const authApi = {
  login: (body: LoginRequest) => apiClient.call('POST /api/auth/login', { body, ...withoutRefresh }),
  register: (body: RegisterRequest) => apiClient.call('POST /api/auth/register', { body }),
  activate: (body: ActivateRequest) => apiClient.call('POST /api/auth/activate', { body }),
  forgotPassword: (body: ForgotPasswordRequest) => apiClient.call('POST /api/auth/forgot-password-choice', { body }),
  resetPassword: (body: ResetPasswordRequest) => apiClient.call('POST /api/auth/reset-password-choice', { body }),
  currentUser: () => apiClient.call('GET /api/auth/me'),
  logout: (body: RefreshRequest) => apiClient.call('POST /api/auth/logout', { body, ...withoutRefresh }),
};
