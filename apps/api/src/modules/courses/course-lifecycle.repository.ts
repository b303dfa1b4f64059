import { Injectable } from '@nestjs/common';
import type { CourseStatus } from '@coursa/domain';
import { Prisma, type Course } from '../../generated/prisma/client.js';
import { columnOf, COURSE_COLUMNS, isPlainValue } from '../../common/prisma/columns.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { SqlTx, Tx } from '../../common/prisma/transaction.js';

/** The fields a move sets beside the status (times, courier, price, reason, the dead delivery code). */
export type StatusFields = Pick<
  Prisma.CourseUncheckedUpdateManyInput,
  'courierId' | 'assignedAt' | 'pickupTime' | 'deliveryTime' | 'statusAt' | 'finalPrice' | 'cancelledAt' | 'cancelReason' | 'otpHash' | 'handBackCount'
>;

/** A courier staff may give a course to (issue 38). */
export interface AssignableCourier {
  id: string;
  fullName: string;
  role: string;
  isAvailable: boolean;
  isActive: boolean;
}

/** The only writer of a course's status: used by the course lifecycle, inside its transaction or in one statement. */
@Injectable()
export class CourseLifecycleRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(tx: SqlTx, id: string): Promise<Course | null> {
    const [course] = await tx.$queryRaw<Course[]>(Prisma.sql`SELECT ${COURSE_COLUMNS} FROM courses c WHERE c.id = ${id}::uuid`);
    return course ?? null;
  }

  /**
   * Moves the course only if it is still where the caller saw it (same status, same courier), so of any number of
   * racing moves exactly one applies. The moved course, or null when it had moved meanwhile.
   */
  async move(tx: SqlTx, seen: Pick<Course, 'id' | 'status' | 'courierId'>, to: CourseStatus, fields: StatusFields): Promise<Course | null> {
    const [moved] = await tx.$queryRaw<Course[]>(this.update(seen, to, fields));
    return moved ?? null;
  }

  /**
   * `move` and the rows that record it in one statement, without a transaction to open (issue 42): the conditional
   * update, then `records(moved)` — each an INSERT written only when the course moved (its events, its audit line). The
   * moved course, or null when it had moved meanwhile and nothing was written.
   */
  async moveAlone(
    seen: Pick<Course, 'id' | 'status' | 'courierId'>,
    to: CourseStatus,
    fields: StatusFields,
    records: (moved: Prisma.Sql) => Prisma.Sql[],
  ): Promise<Course | null> {
    const inserts = records(Prisma.sql`EXISTS (SELECT 1 FROM moved)`).map((insert, index) => Prisma.sql`${Prisma.raw(`record_${index}`)} AS (${insert})`);
    const [moved] = await this.prisma.write<Course>(Prisma.sql`
      WITH moved AS (${this.update(seen, to, fields)}), ${Prisma.join(inserts)}
      SELECT * FROM moved`);
    return moved ?? null;
  }

  /**
   * The conditional update of `move` and `moveAlone`, answering the moved row: the fields are plain values, but for an
   * increment (`{ increment: 1 }`, a hand-back's count).
   */
  private update(seen: Pick<Course, 'id' | 'status' | 'courierId'>, to: CourseStatus, fields: StatusFields): Prisma.Sql {
    const sets = Object.entries(fields).map(([field, value]) => {
      const column = Prisma.raw(columnOf(field));
      if (!isPlainValue(value)) {
        const { increment, ...other } = value as { increment?: unknown };
        if (typeof increment !== 'number' || Object.keys(other).length) throw new Error(`CourseLifecycleRepository: ${field} is neither a plain value nor an increment`);
        return Prisma.sql`${column} = ${column} + ${increment}`;
      }
      return Prisma.sql`${column} = ${value}`;
    });
    return Prisma.sql`
      UPDATE courses c SET ${Prisma.join([...sets, Prisma.sql`status = ${to}::"CourseStatus"`, Prisma.sql`updated_at = ${new Date()}`])}
      WHERE c.id = ${seen.id}::uuid AND c.status = ${seen.status}::"CourseStatus" AND c.courier_id IS NOT DISTINCT FROM ${seen.courierId}::uuid
      RETURNING ${COURSE_COLUMNS}`;
  }

  /** A course's status now, outside any transaction (a move refused as stale says where the course went). */
  async statusOf(id: string): Promise<CourseStatus | null> {
    const [row] = await this.prisma.read<{ status: CourseStatus }>(Prisma.sql`SELECT status FROM courses WHERE id = ${id}::uuid`);
    return row?.status ?? null;
  }

  /** Locks the course's row until the transaction ends (staff assigning it: two clicks or two staff take turns). */
  async lock(tx: Tx, id: string): Promise<Course | null> {
    await tx.$queryRaw`SELECT id FROM courses WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.course.findUnique({ where: { id } });
  }

  /** The courier a course would go to, as he is now; null when there is no such user. */
  courier(tx: Tx, id: string): Promise<AssignableCourier | null> {
    return tx.user.findUnique({ where: { id }, select: { id: true, fullName: true, role: true, isAvailable: true, isActive: true } });
  }

  /**
   * Gives a course in progress to another courier, its status kept, only if it is still where the caller saw it (same
   * status, same courier). Its times stay (the recipient's page lists when it got a courier and was collected). The
   * course, or null when it had moved meanwhile.
   */
  async changeCourier(tx: Tx, seen: Pick<Course, 'id' | 'status' | 'courierId'>, courierId: string): Promise<Course | null> {
    const changed = await tx.course.updateMany({ where: { id: seen.id, status: seen.status, courierId: seen.courierId }, data: { courierId } });
    return changed.count === 1 ? tx.course.findUniqueOrThrow({ where: { id: seen.id } }) : null;
  }

  /** One more course handed over, on the courier's profile (spec: "courses complétées"). */
  async countHandover(tx: SqlTx, courierId: string): Promise<void> {
    await tx.$executeRaw`UPDATE users SET total_courses = total_courses + 1, updated_at = ${new Date()} WHERE id = ${courierId}::uuid`;
  }
}
