import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../common/prisma/prisma.service.js';

/** What dispatch reads: a course still waiting for a courier, and which couriers are available. */
@Injectable()
export class DispatchRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The course, if still pending with no courier: what an offer says of it, and where it is picked up. */
  waitingCourse(courseId: string) {
    return this.prisma.client.course.findFirst({
      where: { id: courseId, status: 'pending', courierId: null },
      select: {
        id: true,
        number: true,
        estimatedPrice: true,
        discount: true,
        finalPrice: true,
        paymentMethod: true,
        pickupAddress: true,
        deliveryAddress: true,
        createdAt: true,
        pickupLatitude: true,
        pickupLongitude: true,
        deliveryLatitude: true,
        deliveryLongitude: true,
      },
    });
  }

  /** The courses pending with no courier since before `before`, the longest wait first. */
  waitingSince(before: Date, take: number) {
    return this.prisma.client.course.findMany({
      where: { status: 'pending', courierId: null, createdAt: { lte: before } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take,
      select: { id: true, number: true, pickupAddress: true, pickupLatitude: true, pickupLongitude: true, deliveryAddress: true, createdAt: true, handBackCount: true },
    });
  }

  /**
   * The flags of a kind recorded since `since` (audit lines: `delivery_flagged` on a course, `position_flagged` on a
   * course or on the courier), the newest first, with their courier's name and their course's number (null when on
   * no course).
   */
  async flaggedSince(action: 'delivery_flagged' | 'position_flagged', since: Date, take: number) {
    const rows = await this.prisma.client.auditLog.findMany({
      where: { action, at: { gte: since } },
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      take,
      select: { at: true, actorId: true, resourceType: true, resourceId: true, details: true, actor: { select: { fullName: true } } },
    });
    const ids = rows.flatMap((row) => (row.resourceType === 'course' && row.resourceId ? [row.resourceId] : []));
    const numbers = new Map((await this.prisma.client.course.findMany({ where: { id: { in: ids } }, select: { id: true, number: true } })).map((course) => [course.id, course.number]));
    return rows.map((row) => {
      const number = row.resourceType === 'course' && row.resourceId ? numbers.get(row.resourceId) : undefined;
      return { ...row, courseId: number === undefined ? null : row.resourceId!, number: number ?? null };
    });
  }

  /** Of these users, the couriers available now, with their names. */
  async availableNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    // One array parameter (findMany's `in` binds each of the up to 400 ids on its own).
    const rows = await this.prisma.client.$queryRaw<{ id: string; full_name: string }[]>`
      SELECT id, full_name FROM users WHERE id = ANY(${[...ids]}::uuid[]) AND is_available AND is_active`;
    return new Map(rows.map((row) => [row.id, row.full_name]));
  }
}
