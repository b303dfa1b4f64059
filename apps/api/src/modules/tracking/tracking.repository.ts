import { Injectable } from '@nestjs/common';
import { ACTIVE_STATUSES, type CourseStatus } from '@coursa/domain';
import type { CourierPosition } from '@coursa/contracts';
import { PrismaService } from '../../common/prisma/prisma.service.js';

@Injectable()
export class TrackingRepository {
  constructor(private readonly prisma: PrismaService) {}

  activeCoursesOfCourier(courierId: string) {
    return this.prisma.client.course.findMany({ where: { courierId, status: { in: [...ACTIVE_STATUSES] } }, select: { id: true } });
  }

  /** The courses a user's sockets follow from the start: a client's and a courier's open courses. */
  openCoursesOf(userId: string) {
    return this.prisma.client.course.findMany({
      where: { OR: [{ clientId: userId }, { courierId: userId }], status: { notIn: ['delivered', 'cancelled'] } },
      select: { id: true },
      take: 100,
    });
  }

  courseParties(courseId: string) {
    return this.prisma.client.course.findUnique({ where: { id: courseId }, select: { clientId: true, courierId: true } });
  }

  authStates(ids: string[]) {
    return this.prisma.client.user.findMany({
      where: { id: { in: ids } },
      select: { id: true, isActive: true, sessionVersion: true, anonymizedAt: true },
    });
  }

  isAvailableCourier(id: string) {
    return this.prisma.client.user.findUnique({ where: { id }, select: { isAvailable: true } }).then((user) => user?.isAvailable ?? false);
  }

  /** The trail, many points in one INSERT. */
  async insertTrail(points: { position: CourierPosition; courseId: string | null }[]): Promise<void> {
    await this.prisma.client.courierPosition.createMany({
      data: points.map(({ position, courseId }) => ({
        courierId: position.courier_id,
        courseId,
        latitude: position.lat,
        longitude: position.lng,
        heading: position.heading,
        speed: position.speed,
        accuracy: position.accuracy,
        recordedAt: new Date(position.at),
      })),
    });
  }

  async coursesByStatus(): Promise<Partial<Record<CourseStatus, number>>> {
    const groups = await this.prisma.client.course.groupBy({ by: ['status'], _count: { _all: true } });
    return Object.fromEntries(groups.map((group) => [group.status, group._count._all]));
  }

  deliveredSince(since: Date) {
    return this.prisma.client.course.count({ where: { status: 'delivered', deliveryTime: { gte: since } } });
  }
}
