import { Injectable } from '@nestjs/common';
import { ACTIVE_STATUSES, COURIER_ROLES, type CourseStatus, type SearchTerms } from '@coursa/domain';
import { Prisma, type Course, type User } from '../../generated/prisma/client.js';
import { Keyset, type PageRequest, type RowsPage, type SqlColumns } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { COURSES_NEWEST_FIRST } from '../courses/courses.repository.js';
import { containing } from '../../common/prisma/search-sql.js';

/** The couriers staff may give a course to, by name (issue 38). */
const BY_NAME = new Keyset<Pick<User, 'fullName' | 'id'>, Prisma.UserWhereInput, Prisma.UserOrderByWithRelationInput>([
  { field: 'fullName', order: 'asc', kind: 'text' },
  { field: 'id', order: 'asc', kind: 'uuid' },
]);

export type AvailableCourier = Pick<User, 'id' | 'fullName' | 'phone' | 'role'> & { _count: { courierCourses: number } };

export type ListedCourse = Omit<Course, 'route'> & { client: Pick<User, 'fullName' | 'phone'>; courier: Pick<User, 'fullName' | 'phone'> | null };

// The route (issue 25) is the course view's, not the list's.
const LISTED = { omit: { route: true }, include: { client: { select: { fullName: true, phone: true } }, courier: { select: { fullName: true, phone: true } } } } as const;
const FOUND_KEYS: SqlColumns<{ createdAt: Date; id: string }> = { createdAt: 'c.created_at', id: 'c.id' };

@Injectable()
export class AdminCoursesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Every course with the given statuses (all when none), newest first, and how many match in all. */
  async list(statuses: readonly CourseStatus[] | undefined, page: PageRequest): Promise<RowsPage<ListedCourse> & { total: number }> {
    const where: Prisma.CourseWhereInput = statuses ? { status: { in: [...statuses] } } : {};
    const [rows, total] = await Promise.all([
      COURSES_NEWEST_FIRST.read(page, where, (args) => this.prisma.client.course.findMany({ ...args, ...LISTED })),
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
   * The courses a search finds (issue 38), with the given statuses (all when none), newest first, and how many match in
   * all: the course of that number; a merchant's courses of that order reference (issue 40, case aside); the courses
   * whose recipient, contact, client or courier has that phone; whose client or courier is named, or whose pickup or
   * delivery address reads, with the text in it (case and accents aside). Each way is its own branch of a UNION, each seeking its own index (an OR across the joined accounts would
   * read every course).
   */
  async search(terms: SearchTerms, statuses: readonly CourseStatus[] | undefined, page: PageRequest): Promise<RowsPage<ListedCourse> & { total: number }> {
    const text = containing(terms.text);
    const phone = terms.phone;
    const people = Prisma.sql`SELECT id FROM users WHERE ${text('full_name')}${phone ? Prisma.sql` OR phone = ${phone}` : Prisma.empty}`;
    const branches = [
      terms.courseNumber === null ? null : Prisma.sql`SELECT id FROM courses WHERE number = ${terms.courseNumber}::int`,
      ...(phone ? ['recipient_phone', 'pickup_contact_phone', 'delivery_contact_phone'].map((column) => Prisma.sql`SELECT id FROM courses WHERE ${Prisma.raw(column)} = ${phone}`) : []),
      // A merchant's own order reference (issue 40), case aside: courses_merchant_reference_search_idx.
      Prisma.sql`SELECT id FROM courses WHERE lower(merchant_reference) = lower(${terms.text}) AND merchant_reference IS NOT NULL`,
      Prisma.sql`SELECT id FROM courses WHERE client_id IN (${people})`,
      Prisma.sql`SELECT id FROM courses WHERE courier_id IN (${people})`,
      Prisma.sql`SELECT id FROM courses WHERE ${text('pickup_address')}`,
      Prisma.sql`SELECT id FROM courses WHERE ${text('delivery_address')}`,
    ].filter((branch) => branch !== null);
    const found = Prisma.sql`
      FROM courses c JOIN (${Prisma.join(branches, ' UNION ')}) hit ON hit.id = c.id
      WHERE ${statuses ? Prisma.sql`c.status = ANY(${[...statuses]}::"CourseStatus"[])` : Prisma.sql`TRUE`}`;
    const [keys, [counted]] = await Promise.all([
      this.prisma.client.$queryRaw<{ id: string; createdAt: Date }[]>`
        SELECT c.id, c.created_at AS "createdAt" ${found} AND ${COURSES_NEWEST_FIRST.sqlAfter(page.cursor, FOUND_KEYS)}
        ORDER BY ${COURSES_NEWEST_FIRST.sqlOrderBy(FOUND_KEYS)} LIMIT ${COURSES_NEWEST_FIRST.take(page)}::int`,
      this.prisma.client.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total ${found}`,
    ]);
    const { rows, nextCursor } = COURSES_NEWEST_FIRST.page(keys, page);
    const courses = await this.prisma.client.course.findMany({ where: { id: { in: rows.map((row) => row.id) } }, ...LISTED });
    const byId = new Map(courses.map((course) => [course.id, course]));
    return { rows: rows.map((row) => byId.get(row.id)).filter((course) => course !== undefined), nextCursor, total: counted!.total };
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
