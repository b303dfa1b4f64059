import { Injectable } from '@nestjs/common';
import { Prisma } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';

const NEWEST_FIRST = newestFirst<Prisma.StaffNotificationWhereInput, Prisma.StaffNotificationOrderByWithRelationInput>();

export interface StaffNotificationRow {
  id: string;
  kind: string;
  message: string;
  createdAt: Date;
  /** Whether the staff member who reads the list has read it. */
  read: boolean;
}

/** The staff notices kept for the notification centre, and who read which. */
@Injectable()
export class StaffNotificationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Keeps the notice of one outbox event, once (a relayed event published again finds its row); answers the row.
   * Its time is the event's, when the thing happened: the relay keeps several notices within one millisecond, and
   * « newest first » must still follow the order things happened in.
   */
  async keep(outboxEventId: bigint, kind: string, message: string): Promise<{ id: string; createdAt: Date }> {
    await this.prisma.client.$executeRaw`
      INSERT INTO staff_notifications (id, outbox_event_id, kind, message, created_at)
      SELECT gen_random_uuid(), e.id, ${kind}, ${message}, e.created_at FROM outbox_events e WHERE e.id = ${outboxEventId}
      ON CONFLICT (outbox_event_id) DO NOTHING`;
    return this.prisma.client.staffNotification.findUniqueOrThrow({ where: { outboxEventId }, select: { id: true, createdAt: true } });
  }

  /** A page of notices, newest first, with whether `userId` read each; `unreadOnly` keeps the ones they have not. */
  async page(userId: string, unreadOnly: boolean, page: PageRequest): Promise<RowsPage<StaffNotificationRow>> {
    const filter = this.filter(userId, unreadOnly);
    const { rows, nextCursor } = await NEWEST_FIRST.read(page, filter, (args) =>
      this.prisma.client.staffNotification.findMany({
        ...args,
        select: { id: true, kind: true, message: true, createdAt: true, reads: { where: { userId }, select: { userId: true } } },
      }),
    );
    return { rows: rows.map(({ reads, ...row }) => ({ ...row, read: reads.length > 0 })), nextCursor };
  }

  count(userId: string, unreadOnly: boolean): Promise<number> {
    return this.prisma.client.staffNotification.count({ where: this.filter(userId, unreadOnly) });
  }

  exists(id: string): Promise<boolean> {
    return this.prisma.client.staffNotification.count({ where: { id } }).then((count) => count > 0);
  }

  /** Marks one notice read for `userId` (again is harmless). */
  async markRead(userId: string, notificationId: string): Promise<void> {
    await this.prisma.client.staffNotificationRead.createMany({ data: [{ userId, notificationId }], skipDuplicates: true });
  }

  /** Marks every notice `userId` has not read yet as read, in one statement; answers how many. */
  markAllRead(userId: string): Promise<number> {
    return this.prisma.client.$executeRaw`
      INSERT INTO staff_notification_reads (notification_id, user_id)
      SELECT n.id, ${userId}::uuid FROM staff_notifications n
      WHERE NOT EXISTS (SELECT 1 FROM staff_notification_reads r WHERE r.notification_id = n.id AND r.user_id = ${userId}::uuid)
      ON CONFLICT DO NOTHING`;
  }

  private filter(userId: string, unreadOnly: boolean): Prisma.StaffNotificationWhereInput {
    return unreadOnly ? { reads: { none: { userId } } } : {};
  }
}
