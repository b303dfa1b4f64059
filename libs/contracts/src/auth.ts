import type { Role } from '@coursa/domain';
import type { z } from 'zod';
import type { ApiErrorSchema, MessageResponseSchema } from './schemas/answers.js';
import type { ActivateSchema, ChangePasswordSchema, ForgotPasswordSchema, LoginSchema, RefreshSchema, RegisterSchema, ResetPasswordSchema } from './schemas/auth.js';

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

export type LoginRequest = z.input<typeof LoginSchema>;

export interface SessionResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: UserDto;
}

export type RegisterRequest = z.input<typeof RegisterSchema>;

export interface RegisterResponse {
  requires_activation: true;
  message: string;
}

export type ActivateRequest = z.input<typeof ActivateSchema>;

export type RecoveryMethod = 'sms' | 'email';

export type ForgotPasswordRequest = z.input<typeof ForgotPasswordSchema>;

export type ResetPasswordRequest = z.input<typeof ResetPasswordSchema>;

export type ChangePasswordRequest = z.input<typeof ChangePasswordSchema>;

export type RefreshRequest = z.input<typeof RefreshSchema>;

export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Every error answer of the API. */
export type ApiError = z.infer<typeof ApiErrorSchema>;

export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  redis: 'up' | 'down';
}

/** The change-password answer: every session ended, so it carries a fresh one for this device. */
export type ChangePasswordResponse = MessageResponse & SessionResponse;

export type LogoutRequest = z.input<typeof RefreshSchema>;
