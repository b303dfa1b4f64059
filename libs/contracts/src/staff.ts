import type { UserDto } from './auth.js';
import type { Page } from './pagination.js';
import type { z } from 'zod';
import type { SuccessResponseSchema } from './schemas/answers.js';
import type { CreateAdminSchema, CreateDeliveryPersonSchema } from './schemas/staff.js';

/** POST /upload/personal-photo and /upload/id-photo: the stored photo, to quote in the KYC payload. */
/** Where an uploaded photo is served (`GET /api/files/:id`): the upload answers `<FILES_PATH><file_id>`. */
export const FILES_PATH = '/api/files/';

/** The URL an uploaded photo is served at. */
export const fileUrl = (fileId: string): string => `${FILES_PATH}${fileId}`;

/** The file id a photo URL of ours points to, or null for any other URL. */
export function fileIdOf(url: string): string | null {
  return url.startsWith(FILES_PATH) && url.length > FILES_PATH.length ? url.slice(FILES_PATH.length) : null;
}

export interface PhotoUploadResponse {
  /** `/api/files/<file_id>`: a KYC photo is served to staff only, a parcel photo also to its client and the course's courier. */
  photo_url: string;
  file_id: string;
}

/** POST /admin/create-delivery-person (back-office spec §3 "Delivery person creation payload"). */
export type CreateDeliveryPersonRequest = z.input<typeof CreateDeliveryPersonSchema>;

export interface CreateDeliveryPersonResponse {
  message: string;
  user: UserDto;
}

/** POST /super-admin/create-admin (spec §3 "Admin creation payload"). */
export type CreateAdminRequest = z.input<typeof CreateAdminSchema>;

/** Answer of create-admin and migrate-to-super-admin. */
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

/** One row of GET /super-admin/audit-logs (spec §3 "Audit log"). */
export interface AuditLogDto {
  id: string;
  timestamp: string;
  /** Null when nobody was signed in (e.g. a failed login with an unknown phone). */
  user_name: string | null;
  /** The role the actor had when acting. */
  user_role: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  success: boolean;
  ip: string | null;
}

/** GET /super-admin/audit-logs: newest first (a page of 50 by default, the spec's page). */
export type AuditLogsResponse = Page<'logs', AuditLogDto>;

/** GET /super-admin/audit-stats: the last 30 days. */
/** Whether the signed-in admin may migrate to super administrator: only while the platform has none (first-run bootstrap). */
export interface MigrationAvailabilityDto {
  available: boolean;
}

export interface AuditStatsDto {
  total_actions: number;
  /** total_actions / 30, one decimal. */
  actions_per_day: number;
  /** The 5 users with the most actions. */
  most_active_users: { user_name: string; user_role: string; actions: number }[];
  /** Number of actions of each type. */
  actions_by_type: Record<string, number>;
}
