import { Injectable } from '@nestjs/common';
import type { OutboxEventInput } from '@coursa/contracts';
import type { CourseStatus } from '@coursa/domain';
import { Prisma, type Payment, type PaymentMethod } from '../../generated/prisma/client.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { CourseWithRelations } from './courses.mapper.js';

const WITH_RELATIONS = {
  client: { select: { fullName: true } },
  payment: { select: { status: true, refund: { select: { status: true, amount: true, method: true } } } },
  rating: { select: { rating: true, comment: true } },
  courier: { select: { fullName: true, phone: true } },
} as const;

/** Lists of courses, newest first (the client's, the courier's history, the back office's). */
export const COURSES_NEWEST_FIRST = newestFirst<Prisma.CourseWhereInput, Prisma.CourseOrderByWithRelationInput>();

export type NewCourse = Omit<Prisma.CourseUncheckedCreateInput, 'id' | 'status' | 'paymentMethod'>;

export class PaymentClaimLost extends Error {}
export class PromoClaimLost extends Error {}
/** Another order took the same parcel photo first (the unique photo_file_id). */
export class PhotoClaimLost extends Error {}

@Injectable()
export class CoursesRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Creates the course and binds its payment in one transaction with its outbox events (the recipient's
   * SMS among them). A paid course claims its payment with a conditional update, so a payment serves once
   * even when two requests race; cash on delivery gets its own pending payment row.
   */
  create(
    course: NewCourse,
    payment: { kind: 'paid'; payment: Payment } | { kind: 'cash'; orderId: string; amount: number },
    events: (courseId: string) => OutboxEventInput[],
    ip: string | undefined,
    /** Runs last in the transaction, with the created course (to store the request's answer with it). */
    withCreated: (tx: Tx, course: CourseWithRelations) => Promise<void> = async () => {},
  ): Promise<CourseWithRelations> {
    const paymentMethod: PaymentMethod = payment.kind === 'paid' ? payment.payment.method : 'cash_on_delivery';
    return this.prisma.client.$transaction(async (tx) => {
      if (course.promoCodeId) {
        const claimed = await tx.promoCode.updateMany({ where: { id: course.promoCodeId, usedAt: null }, data: { usedAt: new Date() } });
        if (claimed.count === 0) throw new PromoClaimLost();
      }
      const created = await tx.course.create({ data: { ...course, paymentMethod } }).catch((error: unknown) => {
        if (course.photoFileId && error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw new PhotoClaimLost();
        throw error;
      });
      if (payment.kind === 'paid') {
        const claimed = await tx.payment.updateMany({
          where: { id: payment.payment.id, clientId: course.clientId, status: 'succeeded', courseId: null },
          data: { courseId: created.id },
        });
        if (claimed.count === 0) throw new PaymentClaimLost();
      } else {
        await tx.payment.create({
          data: {
            orderId: payment.orderId,
            clientId: course.clientId,
            provider: 'cash',
            method: 'cash_on_delivery',
            amount: payment.amount,
            // Nothing to collect on a course a promo made free.
            status: payment.amount === 0 ? 'succeeded' : 'pending',
            courseId: created.id,
          },
        });
      }
      await this.outbox.add(tx, ...events(created.id));
      await this.audit.record(
        { actorId: course.clientId, actorRole: 'client', action: 'course_created', resourceType: 'course', resourceId: created.id, success: true, ip },
        tx,
      );
      const whole = await tx.course.findUniqueOrThrow({ where: { id: created.id }, include: WITH_RELATIONS });
      await withCreated(tx, whole);
      return whole;
    });
  }

  /** The courses the user ordered or carries, with the given statuses (all when none), and how many match in all. */
  async listForUser(userId: string, statuses: readonly CourseStatus[] | undefined, page: PageRequest): Promise<RowsPage<CourseWithRelations> & { total: number }> {
    const where: Prisma.CourseWhereInput = { OR: [{ clientId: userId }, { courierId: userId }], ...(statuses && { status: { in: [...statuses] } }) };
    const [rows, total] = await Promise.all([
      COURSES_NEWEST_FIRST.read(page, where, (args) => this.prisma.client.course.findMany({ ...args, include: WITH_RELATIONS })),
      this.prisma.client.course.count({ where }),
    ]);
    return { ...rows, total };
  }

  findById(id: string): Promise<CourseWithRelations | null> {
    return this.prisma.client.course.findUnique({ where: { id }, include: WITH_RELATIONS });
  }
}
