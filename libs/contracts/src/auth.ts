import type { Role } from '@coursa/domain';

/** A user as the API returns it (spec §3 "User", without the password). */
export interface UserDto {
  id: string;
  phone: string;
  full_name: string;
  email: string | null;
  role: Role;
  referral_code: string | null;
  loyalty_points: number;
  is_available: boolean;
  is_active: boolean;
  total_courses: number;
  rating: number | null;
  accepted_terms: boolean;
  terms_accepted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface LoginRequest {
  phone: string;
  password: string;
}

export interface SessionResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: UserDto;
}

export interface RegisterRequest {
  phone: string;
  password: string;
  full_name: string;
  email?: string | null;
  role?: string;
  referral_code?: string | null;
  accepted_terms: boolean;
  terms_accepted_at?: string;
}

export interface RegisterResponse {
  requires_activation: true;
  message: string;
}

export interface ActivateRequest {
  token: string;
}

export type RecoveryMethod = 'sms' | 'email';

export interface ForgotPasswordRequest {
  contact: string;
  method: RecoveryMethod;
}

export interface ResetPasswordRequest {
  contact: string;
  method: RecoveryMethod;
  reset_code: string;
  new_password: string;
}

export interface ChangePasswordRequest {
  current_password: string;
  new_password: string;
}

export interface RefreshRequest {
  refresh_token: string;
}

export interface MessageResponse {
  message: string;
}

/** Every error answer of the API. */
export interface ApiError {
  detail: string;
  code: string;
  request_id?: string;
}

export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  redis: 'up' | 'down';
}

/** The change-password answer: every session ended, so it carries a fresh one for this device. */
export type ChangePasswordResponse = MessageResponse & SessionResponse;

export interface LogoutRequest {
  refresh_token: string;
}
