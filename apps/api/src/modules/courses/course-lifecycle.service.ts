import { Injectable } from '@nestjs/common';
import type { AuditAction, OutboxEventInput } from '@coursa/contracts';
import {
  checkMove,
  checkOccurredAt,
  DEFAULT_CANCEL_REASONS,
  moverOf,
  previousStepAt,
  stepTime,
  type CourseStatus,
  type MoveProof,
  type MoveRefusal,
  type OccurredAtRefusal,
} from '@coursa/domain';
import type { Actor } from '../../common/auth/actor.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import type { SqlTx } from '../../common/prisma/transaction.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { Clock } from '../../common/security/secrets.js';
import type { Course } from '../../generated/prisma/client.js';
import { AuditRepository, type AuditEntry } from '../audit/audit.repository.js';
import { CommissionsService } from '../commissions/commissions.service.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { LoyaltyService } from '../loyalty/loyalty.service.js';
import { PaymentsRepository } from '../payment-records/payments.repository.js';
import { CourseLifecycleRepository, type StatusFields } from './course-lifecycle.repository.js';

export interface TransitionContext {
  /** When the move happened (the injected clock's now unless said). */
  at?: Date;
  /**
   * When the courier's device made the move (`occurred_at`, sent later when made offline): refused when in the future
   * (beyond MAX_CLOCK_SKEW_MS) or before the course's previous step; else the step's time, and the audit line keeps
   * both it and the server's `received_at`.
   */
  occurredAt?: Date;
  /** A cancellation's reason (the canceller's default when none), or staff's note on a delivery; kept in the audit line. */
  reason?: string | null;
  /**
   * Staff closing a cash course as delivered say whether its courier collected the cash (issue 34): if so it is his to
   * hand over (the ledger's cash account), else the cash payment is dropped. Required for such a course.
   */
  cashCollected?: boolean;
  /** What was checked before the move: the recipient's code for a courier's handover, the reason of a hand-back. */
  proofs?: readonly MoveProof[];
  /** Staff assigning a waiting course (issue 38): the courier who gets it (a courier accepting takes it himself). */
  courierId?: string;
}

/**
 * `stale`: the course moved meanwhile (another courier was faster, staff closed it); `not_found`: no such course;
 * `in_future` / `before_previous_step`: the device's occurred_at is not plausible; `needs_cash_answer`: staff close a
 * cash course without saying whether its courier collected the cash.
 */
export type TransitionRefusal = MoveRefusal | OccurredAtRefusal | 'stale' | 'not_found' | 'needs_cash_answer';

export type TransitionResult = { ok: true; course: Course } | { ok: false; refusal: TransitionRefusal; status: CourseStatus | null };

/** A move that is allowed: when it happens, when it was received, its reason, and what it sets beside the status. */
interface Plan {
  at: Date;
  receivedAt: Date;
  reason: string | null;
  closesCashByHand: boolean;
  fields: StatusFields;
}

/**
 * The moves that write more than their status event and audit line (CourseLifecycle.transition): a hand-back (one more
 * to the course's count), a cancellation (the payment) and a handover (payment, points, commission, ledger, receipt).
 */
const HAS_EFFECTS: ReadonlySet<CourseStatus> = new Set(['pending', 'cancelled', 'delivered']);

const STATUS_AUDIT_ACTIONS: Partial<Record<CourseStatus, AuditAction>> = {
  pending: 'course_handed_back',
  assigned: 'course_accepted',
  delivered: 'course_delivered',
  cancelled: 'course_cancelled',
};

/**
 * The course lifecycle: the one place a course changes status. Every move is checked against the domain's table
 * (`checkMove`, libs/domain/courses.ts), applied with a conditional update, and written in the same transaction as
 * its effects: the payment's (collected on delivery, to refund or dropped on cancellation), the client's loyalty
 * points and the courier's commission on a handover, one `course.status` outbox event (and `course.delivered` for the
 * receipt) and one audit line.
 */
@Injectable()
export class CourseLifecycle {
  constructor(
    private readonly courses: CourseLifecycleRepository,
    private readonly payments: PaymentsRepository,
    private readonly loyalty: LoyaltyService,
    private readonly commissions: CommissionsService,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
  ) {}

  /**
   * Reads the course and moves it, in one transaction of its own. A move's statements are all plain SQL (`SqlTx`), so its
   * own transactions run on pg (UnitOfWork.runSql, issue 42); a caller's may be Prisma's (`transition`).
   */
  move(courseId: string, to: CourseStatus, actor: Actor, context: TransitionContext = {}): Promise<TransitionResult> {
    return this.uow.runSql(async (tx) => {
      const course = await this.courses.find(tx, courseId);
      if (!course) return { ok: false, refusal: 'not_found', status: null };
      return this.transition(tx, course, to, actor, context);
    });
  }

  /**
   * Moves a course the caller has just read, without reading it again: the conditional update refuses it (`stale`) if
   * it moved since. A move with effects of its own runs in a transaction of its own; one whose only records are its
   * outbox event and its audit line (a courier accepting, his steps up to the door) is one statement (moveAlone).
   */
  moveSeen(seen: Course, to: CourseStatus, actor: Actor, context: TransitionContext = {}): Promise<TransitionResult> {
    if (!HAS_EFFECTS.has(to)) return this.moveAlone(seen, to, actor, context);
    return this.uow.runSql((tx) => this.transition(tx, seen, to, actor, context));
  }

  /** Moves `course` (as the caller saw it) to `to`, inside the caller's transaction. */
  async transition(tx: SqlTx, course: Course, to: CourseStatus, actor: Actor, context: TransitionContext = {}): Promise<TransitionResult> {
    const plan = this.plan(course, to, actor, context);
    if (!plan.ok) return plan;
    const moved = await this.courses.move(tx, course, to, plan.fields);
    if (!moved) {
      const now = await this.courses.find(tx, course.id);
      return { ok: false, refusal: 'stale', status: now?.status ?? null };
    }

    const events = [this.statusEvent(course, moved, to, actor)];
    if (to === 'cancelled') await this.payments.releaseForCancelledCourse(tx, moved.id);
    if (to === 'delivered') {
      const { closesCashByHand, at } = plan;
      // Cash is collected by a courier's handover, or when staff say his courier had it; otherwise it never was.
      const collected = !closesCashByHand || (context.cashCollected === true && !!moved.courierId);
      if (collected) await this.payments.collectCashOnDelivery(tx, moved.id, at);
      else await this.payments.dropUncollectedCash(tx, moved.id);
      if (closesCashByHand && collected) await this.ledger.cashCollected(tx, moved.courierId!, moved.id, moved.finalPrice ?? 0);
      // A courier's handover earns the client's points and the courier's commission; staff closing a course by hand
      // is an administrative act that earns neither (a commission can be added by hand).
      if (moverOf(actor.role) === 'courier') {
        await this.loyalty.creditForDelivery(tx, moved, at);
        await this.commissions.recordForDelivery(tx, moved, actor.role);
        // The client paid the courier in cash: the courier now holds it (the ledger's cash account).
        if (moved.paymentMethod === 'cash_on_delivery') await this.ledger.cashCollected(tx, actor.id, moved.id, moved.finalPrice ?? 0);
        await this.courses.countHandover(tx, actor.id);
      }
      events.push({
        type: 'course.delivered',
        aggregateType: 'course',
        aggregateId: moved.id,
        payload: { courseId: moved.id, clientId: moved.clientId, courierId: moved.courierId },
      });
    }
    await this.outbox.add(tx, ...events);
    await this.audit.record(this.auditEntry(course, moved, to, actor, plan, context), tx);
    return { ok: true, course: moved };
  }

  /**
   * A move whose only records are its status event and its audit line, in one statement with them (no transaction to
   * open: issue 42). The course as it will be once moved is known before the statement: the one it was, with the
   * move's fields; the statement writes the records only if the course is still where the caller saw it.
   */
  private async moveAlone(course: Course, to: CourseStatus, actor: Actor, context: TransitionContext): Promise<TransitionResult> {
    const plan = this.plan(course, to, actor, context);
    if (!plan.ok) return plan;
    const expected: Course = { ...course, status: to, courierId: plan.fields.courierId === undefined ? course.courierId : (plan.fields.courierId as string | null) };
    const moved = await this.courses.moveAlone(course, to, plan.fields, (when) => [
      this.outbox.insert([this.statusEvent(course, expected, to, actor)], when),
      this.audit.insert(this.auditEntry(course, expected, to, actor, plan, context), when),
    ]);
    if (!moved) return { ok: false, refusal: 'stale', status: await this.courses.statusOf(course.id) };
    return { ok: true, course: moved };
  }

  /** Whether the move may be made, and if so when, why and with which fields. */
  private plan(course: Course, to: CourseStatus, actor: Actor, context: TransitionContext): (Plan & { ok: true }) | (TransitionResult & { ok: false }) {
    const refusal = checkMove(course, to, actor, context.proofs);
    if (refusal) return { ok: false, refusal, status: course.status };
    const closesCashByHand = to === 'delivered' && moverOf(actor.role) !== 'courier' && isCashToCollect(course);
    if (closesCashByHand && course.courierId && context.cashCollected === undefined) return { ok: false, refusal: 'needs_cash_answer', status: course.status };
    const receivedAt = this.clock.now();
    const previous = previousStepAt(course);
    if (context.occurredAt) {
      const implausible = checkOccurredAt(context.occurredAt, receivedAt, previous);
      if (implausible) return { ok: false, refusal: implausible, status: course.status };
    }
    const at = context.at ?? stepTime(context.occurredAt, receivedAt, previous);
    const reason = to === 'cancelled' ? context.reason || DEFAULT_CANCEL_REASONS[moverOf(actor.role) === 'client' ? 'client' : 'staff'] : (context.reason ?? null);
    return { ok: true, at, receivedAt, reason, closesCashByHand, fields: this.fieldsFor(course, to, actor, at, reason, context) };
  }

  /** The move's `course.status` event, from the course as it was and as it is now. */
  private statusEvent(course: Course, moved: Course, to: CourseStatus, actor: Actor): OutboxEventInput {
    return {
      type: 'course.status',
      aggregateType: 'course',
      aggregateId: moved.id,
      payload: {
        courseId: moved.id,
        courseNumber: moved.number,
        clientId: moved.clientId,
        courierId: moved.courierId,
        status: to,
        movedBy: moverOf(actor.role),
        // A hand-back: the courier it leaves, and the offer round it starts again in (DispatchEvents).
        ...(to === 'pending' && { previousCourierId: course.courierId, handBackCount: moved.handBackCount }),
      },
    };
  }

  /** The move's audit line. */
  private auditEntry(course: Course, moved: Course, to: CourseStatus, actor: Actor, plan: Plan, context: TransitionContext): AuditEntry {
    const { reason, closesCashByHand, receivedAt } = plan;
    return {
      actorId: actor.id,
      actorRole: actor.role,
      action: STATUS_AUDIT_ACTIONS[to] ?? 'course_status_changed',
      resourceType: 'course',
      resourceId: moved.id,
      success: true,
      ip: actor.ip,
      details: {
        from: course.status,
        status: to,
        ...(to === 'assigned' && moved.courierId !== actor.id && { courier_id: moved.courierId }),
        ...(to === 'pending' && { previous_courier_id: course.courierId }),
        ...(reason === null ? {} : { reason }),
        ...(closesCashByHand && { cash_collected: context.cashCollected === true && !!moved.courierId }),
        ...(context.occurredAt && { occurred_at: context.occurredAt.toISOString(), received_at: receivedAt.toISOString() }),
      },
    };
  }

  /** What a move sets beside the status: always the time it reached it. */
  private fieldsFor(course: Course, to: CourseStatus, actor: Actor, at: Date, reason: string | null, context: TransitionContext): StatusFields {
    return { statusAt: at, ...this.stepFields(course, to, actor, at, reason, context) };
  }

  private stepFields(course: Course, to: CourseStatus, actor: Actor, at: Date, reason: string | null, context: TransitionContext): StatusFields {
    switch (to) {
      case 'pending':
        // Handed back (issue 38): nobody's again, offered anew; its delivery code stays the recipient's.
        return { courierId: null, assignedAt: null, handBackCount: { increment: 1 } };
      case 'assigned':
        return { courierId: context.courierId ?? actor.id, assignedAt: at };
      case 'collected':
        return { pickupTime: at };
      case 'delivered':
        // The client pays the price after discount; the delivery code dies.
        return { deliveryTime: at, finalPrice: course.estimatedPrice - course.discount, otpHash: null };
      case 'cancelled':
        return { cancelledAt: at, cancelReason: reason, otpHash: null };
      default:
        return {};
    }
  }
}

/** A cash-on-delivery course with something to pay (a promo can make it free). */
function isCashToCollect(course: Course): boolean {
  return course.paymentMethod === 'cash_on_delivery' && course.estimatedPrice - course.discount > 0;
}
