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
