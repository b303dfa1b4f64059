import { Injectable } from '@nestjs/common';
import { ACTIVE_STATUSES } from '@coursa/domain';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

/** A courier with at least one active course: their name, their courses and when they last accepted one. */
export interface CourierOnCourse {
  courierId: string;
  name: string;
  courseIds: string[];
  acceptedAt: Date | null;
}

/** The couriers gone quiet on a course (issue 37), one row per silence. */
@Injectable()
export class SilencesRepository {
  constructor(private readonly prisma: PrismaService) {}

  async couriersOnActiveCourses(): Promise<CourierOnCourse[]> {
    const courses = await this.prisma.client.course.findMany({
      where: { status: { in: [...ACTIVE_STATUSES] }, courierId: { not: null } },
      select: { id: true, assignedAt: true, courier: { select: { id: true, fullName: true } } },
    });
    const byCourier = new Map<string, CourierOnCourse>();
    for (const course of courses) {
      const courier = course.courier!;
      const entry = byCourier.get(courier.id) ?? { courierId: courier.id, name: courier.fullName, courseIds: [], acceptedAt: null };
      entry.courseIds.push(course.id);
      if (course.assignedAt && (!entry.acceptedAt || course.assignedAt > entry.acceptedAt)) entry.acceptedAt = course.assignedAt;
      byCourier.set(courier.id, entry);
    }
    return [...byCourier.values()];
  }

  async silentCourierIds(): Promise<string[]> {
    return (await this.prisma.client.courierSilence.findMany({ select: { courierId: true } })).map((row) => row.courierId);
  }

  /** Opens a courier's silence; false when one is already open (another run noticed it first). */
  async open(tx: Tx, courierId: string, since: Date, flaggedAt: Date): Promise<boolean> {
    const inserted = await tx.$executeRaw`
      INSERT INTO courier_silences (courier_id, since, flagged_at) VALUES (${courierId}::uuid, ${since}, ${flaggedAt})
      ON CONFLICT (courier_id) DO NOTHING`;
    return inserted === 1;
  }

  async end(courierIds: readonly string[]): Promise<void> {
    await this.prisma.client.courierSilence.deleteMany({ where: { courierId: { in: [...courierIds] } } });
  }

  /** The open silences with their courier and the numbers of the courier's active courses, the longest first. */
  list() {
    return this.prisma.client.courierSilence.findMany({
      orderBy: { since: 'asc' },
      take: 100,
      select: {
        since: true,
        flaggedAt: true,
        courier: {
          select: {
            id: true,
            fullName: true,
            phone: true,
            courierCourses: { where: { status: { in: [...ACTIVE_STATUSES] } }, select: { number: true }, orderBy: { number: 'asc' } },
          },
        },
      },
    });
  }
}
