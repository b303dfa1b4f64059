import { Injectable } from '@nestjs/common';
import { ACTIVE_STATUSES, OPEN_STATUSES, type CourseStatus, type Role } from '@coursa/domain';
import type { CourierPosition } from '@coursa/contracts';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { RefusedMove } from './fix-check.js';

/** One point of a courier's trail: the position, and the course it was sent for (none between courses). */
export interface TrailPoint {
  position: CourierPosition;
  courseId: string | null;
}

@Injectable()
export class TrackingRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
  ) {}

  activeCoursesOfCourier(courierId: string) {
    return this.prisma.client.course.findMany({ where: { courierId, status: { in: [...ACTIVE_STATUSES] } }, select: { id: true } });
  }

  /**
   * The courses a user's sockets follow from the start: a client's and a courier's open courses (with their courier and
   * status, from which a courier's socket knows where its first positions go without another query). The open statuses
   * are named: `NOT IN (delivered, cancelled)` read every course of the courier through (courier_id, status) — 3 750
   * heap pages, 220 ms cold, for a courier at the soak's year, and 200 couriers connect at once.
   */
  openCoursesOf(userId: string) {
    return this.prisma.client.course.findMany({
      where: { OR: [{ clientId: userId }, { courierId: userId }], status: { in: [...OPEN_STATUSES] } },
      select: { id: true, courierId: true, status: true },
      take: 100,
    });
  }

  /** Of these courses, those carrying their parcel whose recipient has not been told yet that the courier arrives. */
  coursesToWatchForArrival(courseIds: readonly string[]) {
    return this.prisma.client.course.findMany({
      where: { id: { in: [...courseIds] }, status: { in: ['collected', 'en_route_delivery'] }, arrivingSmsAt: null },
      select: { id: true, deliveryLatitude: true, deliveryLongitude: true, recipientPhone: true },
    });
  }

  /** Marks the course's recipient told: false when someone did it first (the row count says who won). */
  async markArriving(tx: Tx, courseId: string, at: Date): Promise<boolean> {
    const marked = await tx.course.updateMany({ where: { id: courseId, arrivingSmsAt: null }, data: { arrivingSmsAt: at } });
    return marked.count > 0;
  }

  courseParties(courseId: string) {
    return this.prisma.client.course.findUnique({ where: { id: courseId }, select: { clientId: true, courierId: true } });
  }

  isAvailableCourier(id: string) {
    return this.prisma.client.user.findUnique({ where: { id }, select: { isAvailable: true } }).then((user) => user?.isAvailable ?? false);
  }

  /**
   * A position kept off the map for an impossible move (issue 24): an audit line `position_flagged` on each of the
   * courier's active courses, on the courier when none, with the move and the two fixes.
   */
  async flagPosition(courierId: string, role: Role, courseIds: readonly string[], move: RefusedMove): Promise<void> {
    const fix = (point: RefusedMove['from']) => ({ lat: point.latitude, lng: point.longitude, at: new Date(point.ms).toISOString() });
    const details = { distance_m: move.distance_m, seconds: move.seconds, kmh: move.kmh, from: fix(move.from), to: fix(move.to) };
    const on = courseIds.length ? courseIds.map((id) => ({ resourceType: 'course', resourceId: id })) : [{ resourceType: 'user', resourceId: courierId }];
    for (const resource of on) await this.audit.record({ actorId: courierId, actorRole: role, action: 'position_flagged', ...resource, success: true, details });
  }

  /**
   * The trail, many points in one INSERT of arrays: Prisma's createMany built a 500-row statement in JavaScript for
   * tens of milliseconds, long enough to hold back every position waiting behind it (p99 of the tracking benchmark).
   */
  async insertTrail(points: TrailPoint[]): Promise<void> {
    const column = <T>(pick: (point: TrailPoint) => T) => points.map(pick);
    await this.prisma.client.$executeRaw`
      INSERT INTO courier_positions (courier_id, course_id, latitude, longitude, heading, speed, accuracy, recorded_at)
      SELECT * FROM unnest(
        ${column((p) => p.position.courier_id)}::uuid[], ${column((p) => p.courseId)}::uuid[],
        ${column((p) => p.position.lat)}::float8[], ${column((p) => p.position.lng)}::float8[],
        ${column((p) => p.position.heading)}::float8[], ${column((p) => p.position.speed)}::float8[],
        ${column((p) => p.position.accuracy)}::float8[], ${column((p) => p.position.at)}::timestamp(3)[]
      )`;
  }

  async coursesByStatus(): Promise<Partial<Record<CourseStatus, number>>> {
    const groups = await this.prisma.client.course.groupBy({ by: ['status'], _count: { _all: true } });
    return Object.fromEntries(groups.map((group) => [group.status, group._count._all]));
  }

  deliveredSince(since: Date) {
    return this.prisma.client.course.count({ where: { status: 'delivered', deliveryTime: { gte: since } } });
  }
}
