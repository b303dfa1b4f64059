import { Injectable } from '@nestjs/common';
import type { CourseDto, CoursesResponse, CourseTrackingDto, QuoteResponse } from '@coursa/contracts';
import { canSeeCourse, distanceKm, estimatePrice, statusesOf } from '@coursa/domain';
import type { CourseListInput, CreateCourseInput, QuoteInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { saveAnswerWithin } from '../../common/idempotency/idempotency.scope.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { Clock, RandomSource } from '../../common/security/secrets.js';
import { PaymentErrors } from '../payment-records/payments.errors.js';
import { PositionsStore } from '../tracking/positions.store.js';
import { PaymentsRepository } from '../payment-records/payments.repository.js';
import { OrderDesk } from './order-desk.service.js';
import { CourseErrors } from './courses.errors.js';
import { toCourseDto, toTrackingDto, type CourseWithRelations } from './courses.mapper.js';
import { CourseLifecycle } from './course-lifecycle.service.js';
import { CoursesRepository, PaymentClaimLost, PhotoClaimLost, PromoClaimLost, type CoursePayment } from './courses.repository.js';
import { invalidPromo, LoyaltyService } from '../loyalty/loyalty.service.js';

@Injectable()
export class CoursesService {
  constructor(
    private readonly courses: CoursesRepository,
    private readonly lifecycle: CourseLifecycle,
    private readonly payments: PaymentsRepository,
    private readonly desk: OrderDesk,
    private readonly random: RandomSource,
    private readonly clock: Clock,
    private readonly positions: PositionsStore,
    private readonly loyalty: LoyaltyService,
    private readonly uow: UnitOfWork,
  ) {}

  async quote(user: AuthUser, input: QuoteInput): Promise<QuoteResponse> {
    const price = estimatePrice(input.pickup_location, input.delivery_location);
    const discount = input.promo_code ? (await this.loyalty.applyPromo(input.promo_code, user.id, price)).discount : 0;
    return {
      distance_km: distanceKm(input.pickup_location, input.delivery_location),
      estimated_price: price,
      discount,
      total_price: price - discount,
      currency: 'GNF',
    };
  }

  /**
   * A course ordered directly: with a confirmed, unused payment of its own price made by this client, or cash on
   * delivery (a paid order stored with its payment gets its course when the payment is credited: OrderDesk.fulfil).
   * The price is computed here, never taken from the request.
   */
  async create(client: AuthUser, input: CreateCourseInput, ip?: string): Promise<CourseDto> {
    if (input.payment_reference && input.payment_method) throw CourseErrors.twoPayments();
    const { payment_reference, payment_method, ...order } = input;
    const paid = payment_reference ? await this.payments.findByOrderId(payment_reference) : null;
    if (payment_reference && (!paid || paid.clientId !== client.id || paid.provider === 'cash')) throw PaymentErrors.notFound();
    // The server made this payment's course when it was credited: the browser coming back is shown that course.
    if (paid?.order && paid.courseId) return this.get(client, paid.courseId);
    const priced = await this.desk.price(client, order);
    // A course the promo makes free needs no payment; any other needs one.
    if (!payment_reference && !payment_method && priced.total > 0) throw CourseErrors.paymentRequired();

    let payment: CoursePayment;
    if (paid) {
      if (paid.courseId) throw PaymentErrors.alreadyUsed();
      if (paid.status !== 'succeeded') throw PaymentErrors.notConfirmed();
      if (paid.amount !== priced.total) throw PaymentErrors.amountMismatch();
      payment = { kind: 'paid', payment: paid };
    } else {
      payment = { kind: 'cash', orderId: `COD_${this.clock.now().getTime()}_${this.random.token(6)}`, amount: priced.total };
    }
    try {
      // The course, its payment, its events, its audit row and the stored answer to the request: one transaction, on pg
      // (every statement of it is plain SQL: issue 42).
      const course = await this.uow.runSql((tx) => this.desk.place(client, priced, payment, { ip, tx, withCreated: (tx, created) => saveAnswerWithin(tx, toCourseDto(created)) }));
      return toCourseDto(course);
    } catch (error) {
      if (error instanceof PaymentClaimLost) throw PaymentErrors.alreadyUsed();
      if (error instanceof PromoClaimLost) throw invalidPromo();
      if (error instanceof PhotoClaimLost) throw CourseErrors.photoAlreadyUsed();
      throw error;
    }
  }

  /** The user's courses (ordered or carried), newest first, a page at a time. */
  async list(user: AuthUser, query: CourseListInput): Promise<CoursesResponse> {
    const page = await this.courses.listForUser(user.id, query.status && statusesOf(query.status), query);
    return { courses: page.rows.map((course) => toCourseDto(course, user)), next_cursor: page.nextCursor, total: page.total };
  }

  async get(user: AuthUser, id: string): Promise<CourseDto> {
    return toCourseDto(await this.visibleCourse(user, id), user);
  }

  async cancel(user: AuthUser, id: string, ip?: string): Promise<CourseDto> {
    const course = await this.visibleCourse(user, id);
    if (course.clientId !== user.id) throw CourseErrors.notFound();
    const cancelled = await this.lifecycle.move(id, 'cancelled', { id: user.id, role: user.role, ip });
    if (!cancelled.ok) throw CourseErrors.notCancellable();
    return this.get(user, id);
  }

  /** Tracking data (spec §2 tracking screen), with the courier's latest position from Redis and the ETA it gives. */
  async tracking(user: AuthUser, id: string): Promise<CourseTrackingDto> {
    const course = await this.visibleCourse(user, id);
    const position = course.courierId ? await this.positions.latest(course.courierId) : null;
    return toTrackingDto(course, user, position);
  }


  /** The course if the access policy lets the caller see it (its client, its courier, staff); otherwise 404, as if it did not exist. */
  private async visibleCourse(user: AuthUser, id: string): Promise<CourseWithRelations> {
    const course = await this.courses.findById(id);
    if (!course || !canSeeCourse(user, course)) throw CourseErrors.notFound();
    return course;
  }
}
