import type {
  ActivateRequest,
  ForgotPasswordRequest,
  LoginRequest,
  MessageResponse,
  RefreshRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  SessionResponse,
  UserDto,
} from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

/** A wrong password is a 401 too: it must reach the form, not trigger a session refresh. */
const withoutRefresh = { refreshOnUnauthorized: false };

export const authApi = {
  login: (body: LoginRequest) => apiClient.post<SessionResponse>('/auth/login', body, withoutRefresh),
  register: (body: RegisterRequest) => apiClient.post<RegisterResponse>('/auth/register', body),
  activate: (body: ActivateRequest) => apiClient.post<MessageResponse>('/auth/activate', body),
  forgotPassword: (body: ForgotPasswordRequest) =>
    apiClient.post<MessageResponse>('/auth/forgot-password-choice', body),
  resetPassword: (body: ResetPasswordRequest) => apiClient.post<MessageResponse>('/auth/reset-password-choice', body),
  currentUser: () => apiClient.get<UserDto>('/auth/me'),
  logout: (body: RefreshRequest) => apiClient.post<void>('/auth/logout', body, withoutRefresh),
};
