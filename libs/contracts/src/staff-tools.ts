import type { StaffNoticeKind } from './outbox.js';

/**
 * A notice to staff kept server-side (issue 38): the back office's notification centre lists them after a reload,
 * newest first, each read or not by the staff member asking.
 */
export interface StaffNotificationDto {
  id: string;
  kind: StaffNoticeKind;
  message: string;
  created_at: string;
  read: boolean;
}

/** POST /admin/notifications/:id/read. */
export interface StaffNotificationReadResponse {
  id: string;
  read: true;
}

/** POST /admin/notifications/read-all: how many notices this staff member had not read yet. */
export interface StaffNotificationsReadAllResponse {
  marked: number;
}

/**
 * POST /admin/users/:id/reset-password: a temporary password went to the user's phone by SMS (never shown to staff),
 * every session of theirs ended; they change it in their profile once signed in.
 */
export interface StaffPasswordResetResponse {
  message: string;
  /** The phone the SMS goes to (E.164). */
  sent_to: string;
}
