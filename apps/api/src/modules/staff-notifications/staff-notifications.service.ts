import { Injectable } from '@nestjs/common';
import type { StaffNoticeKind, StaffNotificationDto, StaffNotificationReadResponse, StaffNotificationsReadAllResponse } from '@coursa/contracts';
import type { StaffNotificationsInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { StaffNotificationErrors } from './staff-notifications.errors.js';
import { StaffNotificationsRepository, type StaffNotificationRow } from './staff-notifications.repository.js';

const toDto = (row: StaffNotificationRow): StaffNotificationDto => ({
  id: row.id,
  kind: row.kind as StaffNoticeKind,
  message: row.message,
  created_at: row.createdAt.toISOString(),
  read: row.read,
});

/** The notification centre's notices (issue 38): listed after a reload, read or not by each staff member. */
@Injectable()
export class StaffNotificationsService {
  constructor(private readonly notifications: StaffNotificationsRepository) {}

  /** Newest first; `total` counts what the filter keeps (with `unread=true`: the staff member's unread notices). */
  async list(staff: AuthUser, query: StaffNotificationsInput): Promise<{ notifications: StaffNotificationDto[]; next_cursor: string | null; total: number }> {
    const unreadOnly = query.unread === 'true';
    const [{ rows, nextCursor }, total] = await Promise.all([
      this.notifications.page(staff.id, unreadOnly, query),
      this.notifications.count(staff.id, unreadOnly),
    ]);
    return { notifications: rows.map(toDto), next_cursor: nextCursor, total };
  }

  async markRead(staff: AuthUser, id: string): Promise<StaffNotificationReadResponse> {
    if (!(await this.notifications.exists(id))) throw StaffNotificationErrors.notFound();
    await this.notifications.markRead(staff.id, id);
    return { id, read: true };
  }

  async markAllRead(staff: AuthUser): Promise<StaffNotificationsReadAllResponse> {
    return { marked: await this.notifications.markAllRead(staff.id) };
  }
}
