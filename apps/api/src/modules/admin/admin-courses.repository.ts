import { Injectable } from '@nestjs/common';
import { ACTIVE_STATUSES, COURIER_ROLES, type CourseStatus } from '@coursa/domain';
import type { Course, Prisma, User } from '../../generated/prisma/client.js';
import { Keyset, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { COURSES_NEWEST_FIRST } from '../courses/courses.repository.js';

/** The couriers staff may give a course to, by name (issue 38). */
const BY_NAME = new Keyset<Pick<User, 'fullName' | 'id'>, Prisma.UserWhereInput, Prisma.UserOrderByWithRelationInput>([
  { field: 'fullName', order: 'asc', kind: 'text' },
  { field: 'id', order: 'asc', kind: 'uuid' },
]);

export type AvailableCourier = Pick<User, 'id' | 'fullName' | 'phone' | 'role'> & { _count: { courierCourses: number } };

export type ListedCourse = Omit<Course, 'route'> & { client: Pick<User, 'fullName'>; courier: Pick<User, 'fullName'> | null };

@Injectable()
export class AdminCoursesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Every course with the given statuses (all when none), newest first, and how many match in all. */
  async list(statuses: readonly CourseStatus[] | undefined, page: PageRequest): Promise<RowsPage<ListedCourse> & { total: number }> {
    const where: Prisma.CourseWhereInput = statuses ? { status: { in: [...statuses] } } : {};
    const [rows, total] = await Promise.all([
      COURSES_NEWEST_FIRST.read(page, where, (args) =>
        // The route (issue 25) is the course view's, not the list's.
        this.prisma.client.course.findMany({ ...args, omit: { route: true }, include: { client: { select: { fullName: true } }, courier: { select: { fullName: true } } } }),
      ),
      // How many match, from the per-status counts the triggers keep (issue 25), not a count over the table.
      this.prisma.client.courseStatusCount.aggregate({ _sum: { count: true }, where: statuses ? { status: { in: [...statuses] } } : {} }).then((sum) => sum._sum.count ?? 0),
    ]);
    return { ...rows, total };
  }

  /** The available, active couriers by name, with how many courses in progress each carries. */
  availableCouriers(page: PageRequest): Promise<RowsPage<AvailableCourier>> {
    const where: Prisma.UserWhereInput = { role: { in: [...COURIER_ROLES] }, isAvailable: true, isActive: true };
    return BY_NAME.read(page, where, (args) =>
      this.prisma.client.user.findMany({
        ...args,
        select: { id: true, fullName: true, phone: true, role: true, _count: { select: { courierCourses: { where: { status: { in: [...ACTIVE_STATUSES] } } } } } },
      }),
    );
  }

  /**
   * The flags of these courses (issue 24; audit lines `delivery_flagged` and `position_flagged`), the latest of each
   * kind per course.
   */
  async flags(courseIds: readonly string[]): Promise<Map<string, { delivery_flagged?: Prisma.JsonValue; position_flagged?: Prisma.JsonValue }>> {
    const flags = new Map<string, { delivery_flagged?: Prisma.JsonValue; position_flagged?: Prisma.JsonValue }>();
    if (!courseIds.length) return flags;
    const rows = await this.prisma.client.auditLog.findMany({
      where: { resourceType: 'course', resourceId: { in: [...courseIds] }, action: { in: ['delivery_flagged', 'position_flagged'] } },
      orderBy: { at: 'asc' },
      select: { resourceId: true, action: true, details: true },
    });
    for (const row of rows) {
      const course = flags.get(row.resourceId!) ?? {};
      course[row.action as 'delivery_flagged' | 'position_flagged'] = row.details;
      flags.set(row.resourceId!, course);
    }
    return flags;
  }
}
