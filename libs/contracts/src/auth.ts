import type { z } from 'zod';
import type { ApiErrorSchema, HealthResponseSchema, MessageResponseSchema, RegisterResponseSchema, SessionResponseSchema, UserDtoSchema } from './schemas/answers.js';
import type { ActivateSchema, ChangePasswordSchema, ForgotPasswordSchema, LoginSchema, RefreshSchema, RegisterSchema, ResetPasswordSchema } from './schemas/auth.js';

/** A user as the API returns it (spec §3 "User", without the password). */
export type UserDto = z.infer<typeof UserDtoSchema>;

export type LoginRequest = z.input<typeof LoginSchema>;

export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export type RegisterRequest = z.input<typeof RegisterSchema>;

export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export type ActivateRequest = z.input<typeof ActivateSchema>;

export type RecoveryMethod = 'sms' | 'email';

export type ForgotPasswordRequest = z.input<typeof ForgotPasswordSchema>;

export type ResetPasswordRequest = z.input<typeof ResetPasswordSchema>;

export type ChangePasswordRequest = z.input<typeof ChangePasswordSchema>;

export type RefreshRequest = z.input<typeof RefreshSchema>;

export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Every error answer of the API. */
export type ApiError = z.infer<typeof ApiErrorSchema>;

export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** The change-password answer: every session ended, so it carries a fresh one for this device. */
export type ChangePasswordResponse = MessageResponse & SessionResponse;

export type LogoutRequest = z.input<typeof RefreshSchema>;
