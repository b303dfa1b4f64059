import { Injectable } from '@nestjs/common';
import type { CourseStatus } from '@coursa/domain';
import type { Course, Prisma } from '../../generated/prisma/client.js';
import type { Tx } from '../../common/prisma/transaction.js';

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

/** The only writer of a course's status: used by the course lifecycle, inside its transaction. */
@Injectable()
export class CourseLifecycleRepository {
  find(tx: Tx, id: string): Promise<Course | null> {
    return tx.course.findUnique({ where: { id } });
  }

  /**
   * Moves the course only if it is still where the caller saw it (same status, same courier), so of any number of
   * racing moves exactly one applies. The moved course, or null when it had moved meanwhile.
   */
  async move(tx: Tx, seen: Pick<Course, 'id' | 'status' | 'courierId'>, to: CourseStatus, fields: StatusFields): Promise<Course | null> {
    const [moved] = await tx.course.updateManyAndReturn({ where: { id: seen.id, status: seen.status, courierId: seen.courierId }, data: { ...fields, status: to } });
    return moved ?? null;
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
  async countHandover(tx: Tx, courierId: string): Promise<void> {
    await tx.user.updateMany({ where: { id: courierId }, data: { totalCourses: { increment: 1 } } });
  }
}
