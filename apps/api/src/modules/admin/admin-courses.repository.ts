import { Injectable } from '@nestjs/common';
import type { CourseStatus } from '@coursa/domain';
import type { Course, Prisma, User } from '../../generated/prisma/client.js';
import type { PageRequest, RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { COURSES_NEWEST_FIRST } from '../courses/courses.repository.js';

export type ListedCourse = Course & { client: Pick<User, 'fullName'>; courier: Pick<User, 'fullName'> | null };

@Injectable()
export class AdminCoursesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Every course with the given statuses (all when none), newest first, and how many match in all. */
  async list(statuses: readonly CourseStatus[] | undefined, page: PageRequest): Promise<RowsPage<ListedCourse> & { total: number }> {
    const where: Prisma.CourseWhereInput = statuses ? { status: { in: [...statuses] } } : {};
    const [rows, total] = await Promise.all([
      COURSES_NEWEST_FIRST.read(page, where, (args) =>
        this.prisma.client.course.findMany({ ...args, include: { client: { select: { fullName: true } }, courier: { select: { fullName: true } } } }),
      ),
      this.prisma.client.course.count({ where }),
    ]);
    return { ...rows, total };
  }

  /** The handover flags of these courses (issue 24; audit lines `delivery_flagged`), the latest per course. */
  async handoverFlags(courseIds: readonly string[]): Promise<Map<string, Prisma.JsonValue>> {
    if (!courseIds.length) return new Map();
    const rows = await this.prisma.client.auditLog.findMany({
      where: { resourceType: 'course', resourceId: { in: [...courseIds] }, action: 'delivery_flagged' },
      orderBy: { at: 'asc' },
      select: { resourceId: true, details: true },
    });
    return new Map(rows.map((row) => [row.resourceId!, row.details]));
  }
}
