import { Injectable } from '@nestjs/common';
import type { CourseStatus } from '@coursa/domain';
import type { Course, User } from '../../generated/prisma/client.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { Actor } from '../delivery/delivery.repository.js';

export type ListedCourse = Course & { client: Pick<User, 'fullName'>; courier: Pick<User, 'fullName'> | null };

/** How staff close a course: delivered at a final price, or cancelled for a reason. */
export type StaffClosing = { status: 'delivered'; finalPrice: number; reason: string | null } | { status: 'cancelled'; reason: string };

const MAX_LISTED = 500;

@Injectable()
export class AdminCoursesRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditRepository,
  ) {}

  list(status: CourseStatus | undefined): Promise<ListedCourse[]> {
    return this.prisma.client.course.findMany({
      where: { status },
      include: { client: { select: { fullName: true } }, courier: { select: { fullName: true } } },
      orderBy: { createdAt: 'desc' },
      take: MAX_LISTED,
    });
  }

  findById(id: string): Promise<Course | null> {
    return this.prisma.client.course.findUnique({ where: { id } });
  }

  /**
   * Closes a course still in the status staff saw (false otherwise), in one transaction with its payment, its
   * audit row (with the reason) and its event. The delivery code dies either way.
   */
  close(course: Course, closing: StaffClosing, actor: Actor, at: Date): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const delivering = closing.status === 'delivered';
      const closed = await tx.course.updateMany({
        where: { id: course.id, status: course.status },
        data: delivering
          ? { status: 'delivered', deliveryTime: at, finalPrice: closing.finalPrice, otpHash: null }
          : { status: 'cancelled', cancelledAt: at, cancelReason: closing.reason, otpHash: null },
      });
      if (closed.count === 0) return false;
      if (delivering) {
        await tx.payment.updateMany({ where: { courseId: course.id, provider: 'cash', status: 'pending' }, data: { status: 'succeeded', creditedAt: at } });
      } else {
        await tx.payment.updateMany({ where: { courseId: course.id, status: 'succeeded' }, data: { status: 'refund_pending' } });
        await tx.payment.updateMany({ where: { courseId: course.id, provider: 'cash', status: 'pending' }, data: { status: 'failed', failureReason: 'course_cancelled' } });
      }
      await this.outbox.add(tx, {
        type: 'course.status',
        aggregateType: 'course',
        aggregateId: course.id,
        payload: { courseId: course.id, clientId: course.clientId, courierId: course.courierId, status: closing.status },
      });
      await this.audit.record(
        {
          actorId: actor.id,
          actorRole: actor.role,
          action: delivering ? 'course_delivered' : 'course_cancelled',
          resourceType: 'course',
          resourceId: course.id,
          success: true,
          ip: actor.ip,
          details: { from: course.status, status: closing.status, reason: closing.reason },
        },
        tx,
      );
      return true;
    });
  }
}
