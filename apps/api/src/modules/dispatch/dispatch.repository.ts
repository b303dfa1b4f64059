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
      select: { id: true, estimatedPrice: true, pickupAddress: true, deliveryAddress: true, createdAt: true, pickupLatitude: true, pickupLongitude: true },
    });
  }

  /** Of these users, the couriers available now. */
  async availableAmong(ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.prisma.client.user.findMany({ where: { id: { in: [...ids] }, isAvailable: true, isActive: true }, select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }
}
