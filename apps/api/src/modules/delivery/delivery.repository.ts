import { Injectable } from '@nestjs/common';
import { ACTIVE_STATUSES, COURSES_PER_FREE_DELIVERY, type CourseStatus } from '@coursa/domain';
import type { OutboxEventInput } from '@coursa/contracts';
import type { Course, Payment, User } from '../../generated/prisma/client.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { AuditRepository } from '../audit/audit.repository.js';

const WITH_CLIENT = {
  client: { select: { fullName: true, phone: true } },
  payment: { select: { status: true } },
  commission: { select: { amount: true } },
} as const;

export type CourierCourse = Course & {
  client: Pick<User, 'fullName' | 'phone'>;
  payment: Pick<Payment, 'status'> | null;
  commission: { amount: number } | null;
};

export interface Actor {
  id: string;
  role: string;
  ip?: string;
}

export interface DeliveryRecord {
  price: number;
  commission: { rateBps: number; amount: number };
  loyaltyPoints: number;
  /** The free-delivery code to give if this delivery completes a series of COURSES_PER_FREE_DELIVERY. */
  milestonePromo: { code: string; expiresAt: Date };
  referralBonusPoints: number;
}

@Injectable()
export class DeliveryRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditRepository,
  ) {}

  async toggleAvailability(courierId: string): Promise<boolean> {
    const [row] = await this.prisma.client.$queryRaw<{ is_available: boolean }[]>`
      UPDATE users SET is_available = NOT is_available, updated_at = now() WHERE id = ${courierId}::uuid RETURNING is_available`;
    return row!.is_available;
  }

  async isAvailable(courierId: string): Promise<boolean> {
    const courier = await this.prisma.client.user.findUnique({ where: { id: courierId }, select: { isAvailable: true } });
    return courier?.isAvailable ?? false;
  }

  listPending(): Promise<Course[]> {
    return this.prisma.client.course.findMany({ where: { status: 'pending', courierId: null }, orderBy: { createdAt: 'asc' }, take: 100 });
  }

  findForCourier(courseId: string, courierId: string): Promise<CourierCourse | null> {
    return this.prisma.client.course.findFirst({ where: { id: courseId, courierId }, include: WITH_CLIENT });
  }

  history(courierId: string): Promise<CourierCourse[]> {
    return this.prisma.client.course.findMany({ where: { courierId }, include: WITH_CLIENT, orderBy: { createdAt: 'desc' }, take: 200 });
  }

  /** Takes a pending course for this courier: of any number of couriers racing, exactly one gets it. */
  accept(courseId: string, actor: Actor, at: Date): Promise<Course | null> {
    return this.prisma.client.$transaction(async (tx) => {
      const taken = await tx.course.updateMany({
        where: { id: courseId, status: 'pending', courierId: null },
        data: { status: 'assigned', courierId: actor.id, assignedAt: at },
      });
      if (taken.count === 0) return null;
      const course = await tx.course.findUniqueOrThrow({ where: { id: courseId } });
      await this.changed(tx, course, actor, 'course_accepted');
      return course;
    });
  }

  /** One courier step (from → to), only if the course is still where the courier saw it. */
  step(courseId: string, actor: Actor, from: CourseStatus, to: CourseStatus, at: Date): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const moved = await tx.course.updateMany({
        where: { id: courseId, courierId: actor.id, status: from },
        data: { status: to, pickupTime: to === 'collected' ? at : undefined },
      });
      if (moved.count === 0) return false;
      await this.changed(tx, await tx.course.findUniqueOrThrow({ where: { id: courseId } }), actor, 'course_status_changed');
      return true;
    });
  }

  /** Counts one try before comparing, atomically, so parallel guesses cannot exceed the limit. */
  async reserveOtpAttempt(courseId: string, courierId: string, maxAttempts: number): Promise<boolean> {
    const reserved = await this.prisma.client.course.updateMany({
      where: { id: courseId, courierId, status: 'en_route_delivery', otpHash: { not: null }, otpAttempts: { lt: maxAttempts } },
      data: { otpAttempts: { increment: 1 } },
    });
    return reserved.count === 1;
  }

  /**
   * The handover, in one transaction with its events: the course is delivered (its code dies), the client gets
   * their loyalty points, the courier their commission and one more course, a cash payment is collected.
   */
  deliver(course: Course, actor: Actor, at: Date, record: DeliveryRecord): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const delivered = await tx.course.updateMany({
        where: { id: course.id, courierId: actor.id, status: 'en_route_delivery' },
        data: { status: 'delivered', deliveryTime: at, finalPrice: record.price, otpHash: null },
      });
      if (delivered.count === 0) return false;
      await this.credit(tx, course.clientId, record.loyaltyPoints, 'course_delivered', course.id);
      const deliveredSoFar = await tx.course.count({ where: { clientId: course.clientId, status: 'delivered' } });
      if (deliveredSoFar % COURSES_PER_FREE_DELIVERY === 0) {
        await tx.promoCode.create({
          data: { ...record.milestonePromo, type: 'percentage', value: 100, ownerId: course.clientId, reason: 'free_delivery_milestone' },
        });
      }
      // The referrer's bonus, once, when the client they brought gets a first course delivered.
      const referral = await tx.referral.findUnique({ where: { referredId: course.clientId } });
      if (referral && !referral.rewardedAt) {
        await tx.referral.update({ where: { id: referral.id }, data: { rewardedAt: at } });
        await this.credit(tx, referral.referrerId, record.referralBonusPoints, 'referral_bonus', course.id);
      }
      await tx.commission.create({
        data: { courierId: actor.id, courseId: course.id, courseAmount: record.price, rateBps: record.commission.rateBps, amount: record.commission.amount },
      });
      await tx.user.update({ where: { id: actor.id }, data: { totalCourses: { increment: 1 } } });
      await tx.payment.updateMany({
        where: { courseId: course.id, provider: 'cash', status: 'pending' },
        data: { status: 'succeeded', creditedAt: at },
      });
      const updated = await tx.course.findUniqueOrThrow({ where: { id: course.id } });
      await this.changed(tx, updated, actor, 'course_delivered', {
        type: 'course.delivered',
        aggregateType: 'course',
        aggregateId: course.id,
        payload: { courseId: course.id, clientId: course.clientId, courierId: actor.id },
      });
      return true;
    });
  }

  /** A new delivery code replaces the old one (which dies) and goes to the recipient through the outbox. */
  regenerateOtp(courseId: string, actor: Actor, otpHash: string, at: Date, sms: (course: Course) => OutboxEventInput): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const replaced = await tx.course.updateMany({
        where: { id: courseId, courierId: actor.id, status: { in: [...ACTIVE_STATUSES] } },
        data: { otpHash, otpAttempts: 0, otpGeneratedAt: at },
      });
      if (replaced.count === 0) return false;
      const course = await tx.course.findUniqueOrThrow({ where: { id: courseId } });
      await this.outbox.add(tx, sms(course));
      await this.audit.record({ actorId: actor.id, actorRole: actor.role, action: 'otp_regenerated', resourceType: 'course', resourceId: courseId, success: true, ip: actor.ip }, tx);
      return true;
    });
  }

  /** Adds points to the ledger and the running total; the ledger's unique key credits a (user, reason, course) once. */
  private async credit(tx: Tx, userId: string, points: number, reason: 'course_delivered' | 'referral_bonus', courseId: string) {
    await tx.loyaltyEntry.create({ data: { userId, points, reason, courseId } });
    await tx.user.update({ where: { id: userId }, data: { loyaltyPoints: { increment: points } } });
  }

  /** Stores a courier's support request, and tells staff through the outbox. */
  async createSupportRequest(courseId: string, requesterId: string, issue: string): Promise<void> {
    await this.prisma.client.$transaction(async (tx) => {
      const request = await tx.supportRequest.create({ data: { courseId, requesterId, issue } });
      await this.outbox.add(tx, {
        type: 'staff.notice',
        aggregateType: 'support_request',
        aggregateId: request.id,
        payload: { kind: 'support', message: `Nouvelle demande de support : ${issue.slice(0, 120)}` },
      });
    });
  }

  /** Every status change: its audit row and its event for the realtime layer, in the change's transaction. */
  private async changed(tx: Tx, course: Course, actor: Actor, action: string, ...extra: OutboxEventInput[]) {
    await this.outbox.add(
      tx,
      {
        type: 'course.status',
        aggregateType: 'course',
        aggregateId: course.id,
        payload: { courseId: course.id, clientId: course.clientId, courierId: course.courierId, status: course.status },
      },
      ...extra,
    );
    await this.audit.record(
      { actorId: actor.id, actorRole: actor.role, action, resourceType: 'course', resourceId: course.id, success: true, ip: actor.ip, details: { status: course.status } },
      tx,
    );
  }
}
