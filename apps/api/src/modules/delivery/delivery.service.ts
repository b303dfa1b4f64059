import { Inject, Injectable } from '@nestjs/common';
import { fileUrl, rooms, type PhotoUploadResponse, type AvailableCoursesResponse, type CourseMoneyForCourier, type DeliveryHistoryResponse, type MessageResponse, type NavigationDto } from '@coursa/contracts';
import {
  cashToCollect,
  checkOccurredAt,
  CODE_LENGTH,
  commissionFor,
  COURIER_NEXT_STEP,
  courseNumber,
  COURSE_STATUS_LABELS,
  COURSE_STATUSES,
  DELIVERY_MESSAGES,
  HAND_BACK_REASON_LABELS,
  HAND_BACK_STATUSES,
  INCIDENT_STATUSES,
  handoverFlag,
  isOverCashCap,
  OCCURRED_AT_REFUSALS,
  OTP_MAX_ATTEMPTS,
  type OccurredAtRefusal,
  previousStepAt,
  priceToPay,
  proofPhotoRequired,
  reasonText,
  statusesOf,
  stepTime,
  tripKm,
  type CourseStatus,
} from '@coursa/domain';
import type { CourseListInput, HandBackInput, IncidentInput } from '@coursa/contracts/schemas';
import type { Actor } from '../../common/auth/actor.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { RateLimiterService } from '../../common/rate-limit/rate-limiter.service.js';
import { RealtimeEmitter } from '../../common/realtime/realtime-emitter.js';
import { Clock, RandomSource, SecretHasher } from '../../common/security/secrets.js';
import type { PageRequest } from '../../common/pagination/pagination.js';
import { isUuid } from '../../common/validation/params.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { CommissionsService } from '../commissions/commissions.service.js';
import { CourseLifecycle } from '../courses/course-lifecycle.service.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { newDeliveryCodeSms } from '../notifications/sms-texts.js';
import { toCourseDto } from '../courses/courses.mapper.js';
import { PositionsStore } from '../tracking/positions.store.js';
import { FilesService } from '../files/files.service.js';
import type { MultipartFileStream } from '@nestjs/platform-fastify/multipart';
import { DeliveryErrors } from './delivery.errors.js';
import type { Course } from '../../generated/prisma/client.js';
import { DeliveryRepository, type CourierCourse } from './delivery.repository.js';
import { ReportIncidentUseCase } from './use-cases/report-incident.use-case.js';

/** At most 3 new codes per course in 15 minutes: each one texts the recipient. */
const REGENERATE_LIMIT = { name: 'otp-regenerate', max: 3, windowSeconds: 15 * 60 };

/** A courier may retake the photo at the door a few times (each replaced one is kept for staff), not fill the disk. */
export const PROOF_PHOTOS_PER_COURSE = { name: 'proof-photo:course', max: 10, windowSeconds: 3600 };

/** The steps a courier makes with update-status (accepting is its own call; delivering needs the code). */
const isCourierStep = (status: CourseStatus) => Object.values(COURIER_NEXT_STEP).some((step) => step.to === status);

const isTimeRefusal = (refusal: string): refusal is OccurredAtRefusal => (OCCURRED_AT_REFUSALS as readonly string[]).includes(refusal);

/** What the courier is told of a course's money and trip (issue 34): the price after the promo, the cash to collect, the trip. */
const moneyForCourier = (course: Parameters<typeof cashToCollect>[0] & Parameters<typeof tripKm>[0]): CourseMoneyForCourier => ({
  price_to_pay: priceToPay(course),
  cash_to_collect: cashToCollect(course),
  trip_km: tripKm(course),
});

const location = (address: string, latitude: number, longitude: number, instructions: string | null) => ({ address, latitude, longitude, instructions });

@Injectable()
export class DeliveryService {
  constructor(
    private readonly delivery: DeliveryRepository,
    private readonly lifecycle: CourseLifecycle,
    private readonly commissions: CommissionsService,
    private readonly limiter: RateLimiterService,
    private readonly random: RandomSource,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly realtime: RealtimeEmitter,
    private readonly ledger: LedgerService,
    private readonly positions: PositionsStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
    private readonly files: FilesService,
    private readonly reportIncident: ReportIncidentUseCase,
  ) {}

  /** Available couriers' sockets (on every API process) follow the new pending courses; the others leave. */
  async toggleAvailability(courier: AuthUser) {
    const available = await this.delivery.toggleAvailability(courier.id);
    const sockets = [rooms.user(courier.id)];
    if (available) await this.realtime.join(sockets, [rooms.availableCouriers]);
    else await this.realtime.leave(sockets, [rooms.availableCouriers]);
    return { is_available: available };
  }

  /**
   * Pending courses, oldest first, for an available courier only (an unavailable one sees none; one over the cash cap,
   * no cash course).
   */
  async availableCourses(courier: AuthUser, page: PageRequest): Promise<AvailableCoursesResponse> {
    if (!(await this.delivery.isAvailable(courier.id))) return { courses: [], next_cursor: null };
    const rate = this.commissions.rateFor(courier.role);
    const overCap = await this.ledger.isOverCashCap(courier.id);
    // Nearest first from the courier's live position; a course younger than the dispatch delay only to those near it.
    const live = await this.positions.latest(courier.id);
    const offered = await this.delivery.listPending(!overCap, page, {
      from: live && { latitude: live.lat, longitude: live.lng },
      radiusKm: this.config.DISPATCH_RADIUS_KM,
      youngSince: new Date(this.clock.now().getTime() - this.config.DISPATCH_DELAY_MS),
    });
    const courses = offered.rows.map((course) => ({
      id: course.id,
      course_id: courseNumber(course.number),
      estimated_price: course.estimatedPrice,
      // On what the client pays: the commission is on the price after the promo discount (CommissionsService).
      earnings: commissionFor(priceToPay(course), rate),
      ...moneyForCourier(course),
      pickup_location: location(course.pickupAddress, course.pickupLatitude, course.pickupLongitude, course.pickupInstructions),
      delivery_location: location(course.deliveryAddress, course.deliveryLatitude, course.deliveryLongitude, course.deliveryInstructions),
      description: course.description,
      package_type: course.packageType,
      created_at: course.createdAt.toISOString(),
      distance_km: course.distanceM === null ? null : Math.round(course.distanceM / 100) / 10,
    }));
    return { courses, next_cursor: offered.nextCursor };
  }

  async accept(courier: AuthUser, courseId: string, ip?: string) {
    if (!(await this.delivery.isAvailable(courier.id))) throw DeliveryErrors.unavailable();
    const course = isUuid(courseId) ? await this.delivery.findCourse(courseId) : null;
    // A courier who owes too much cash takes no more cash courses until they deposit.
    if (course?.paymentMethod === 'cash_on_delivery') {
      const balances = await this.ledger.balancesOf(courier.id);
      if (isOverCashCap(balances, this.config.COURIER_CASH_CAP_GNF)) throw DeliveryErrors.overCashCap(balances.cash_owed, this.config.COURIER_CASH_CAP_GNF);
    }
    // The course as read: if another courier took it meanwhile, the conditional update refuses this one.
    const taken = course ? await this.lifecycle.moveSeen(course, 'assigned', this.actor(courier, ip)) : null;
    // Whether it never existed or someone was faster, the courier may not have it.
    if (!taken?.ok) throw DeliveryErrors.alreadyTaken();
    return { message: 'Course acceptée.', course_id: taken.course.id, status: taken.course.status };
  }

  /**
   * One step of the courier's table (libs/domain COURSE_TRANSITIONS); the handover itself needs the recipient's code.
   * `occurredAt`: the device's time of a step made offline (the lifecycle checks it and records it). A step the course
   * has already reached (a retry whose first answer was lost) answers as done, without a second move.
   */
  async updateStatus(courier: AuthUser, courseId: string, newStatus: string, ip?: string, occurredAt?: Date) {
    if (!(COURSE_STATUSES as readonly string[]).includes(newStatus)) throw DeliveryErrors.unknownStatus();
    const to = newStatus as CourseStatus;
    const done = { message: 'Statut mis à jour.', status: to, status_label: COURSE_STATUS_LABELS[to] };
    const course = await this.mine(courier, courseId);
    if (course.status === to && isCourierStep(to)) return done;
    const moved = await this.lifecycle.moveSeen(course, to, this.actor(courier, ip), { occurredAt });
    if (!moved.ok) {
      if (moved.refusal === 'needs_delivery_code') throw DeliveryErrors.deliveryNeedsCode();
      if (isTimeRefusal(moved.refusal)) throw DeliveryErrors.implausibleTime(moved.refusal);
      // Raced with its own retry: the other request made this very step.
      if (moved.status === to && isCourierStep(to)) return done;
      throw DeliveryErrors.invalidStep(moved.status ?? course.status);
    }
    return done;
  }

  /**
   * The handover: the recipient's code, at most 5 wrong tries, compared in constant time. A code entered offline is
   * checked when it arrives, right or wrong; an implausible `occurredAt` (in the future, before the course existed or
   * before its previous step) is refused before it costs a try. Where the courier was is judged by the server alone
   * (issue 34): the last position it accepted from them, and how long ago it arrived by its own clock.
   */
  async verifyOtp(courier: AuthUser, courseId: string, otp: string, ip?: string, occurredAt?: Date): Promise<MessageResponse> {
    const course = await this.mine(courier, courseId);
    if (course.status !== 'en_route_delivery') throw DeliveryErrors.otpNotExpected();
    // Before a try is spent: without the photo the configuration asks for, the code is not even compared.
    if (this.proofRequired(course) && !course.proofPhotoFileId) throw DeliveryErrors.proofPhotoRequired();
    const implausible = occurredAt && checkOccurredAt(occurredAt, this.clock.now(), previousStepAt(course), course.createdAt);
    if (implausible) throw DeliveryErrors.implausibleTime(implausible);
    const tries = await this.delivery.reserveOtpAttempt(course.id, courier.id, OTP_MAX_ATTEMPTS);
    if (tries === null) throw DeliveryErrors.otpLocked();
    // A wrong code that used the last try kills the code: the courier hears that it is locked, not only that it is wrong.
    if (!course.otpHash || !this.hasher.matches(otp, course.otpHash)) throw tries >= OTP_MAX_ATTEMPTS ? DeliveryErrors.otpLocked() : DeliveryErrors.otpWrong();
    const delivered = await this.lifecycle.moveSeen(course, 'delivered', this.actor(courier, ip), { proofs: ['delivery_code'], occurredAt });
    if (!delivered.ok) {
      if (isTimeRefusal(delivered.refusal)) throw DeliveryErrors.implausibleTime(delivered.refusal);
      throw DeliveryErrors.otpNotExpected();
    }
    // Where the courier was: a handover far from the door, or with no recent position, stands but is flagged for ops.
    // The position's age is the time since the server accepted it, by the server's clock: not the phone's `occurred_at`,
    // which the courier could pick to match an old position at the door.
    const accepted = await this.positions.lastAccepted(courier.id);
    const flag = handoverFlag(
      accepted && { latitude: accepted.latitude, longitude: accepted.longitude, ms: accepted.receivedMs },
      { latitude: course.deliveryLatitude, longitude: course.deliveryLongitude },
      this.clock.now().getTime(),
      { maxDistanceM: this.config.HANDOVER_MAX_DISTANCE_M, maxAgeS: this.config.HANDOVER_POSITION_MAX_AGE_S },
    );
    if (flag) await this.delivery.flagHandover(course.id, this.actor(courier, ip), flag);
    return { message: DELIVERY_MESSAGES.otpDelivered };
  }

  /**
   * The photo of the parcel at the door (proof of delivery, issue 37), through the files module's checks, kept with the
   * course; a new one replaces the last (the old file stays, for staff only). The same photo sent twice (a retry, two
   * taps) takes turns on the course's lock and answers the one file, its second copy dropped.
   */
  async proofPhoto(courier: AuthUser, courseId: string, upload: MultipartFileStream | undefined, ip: string): Promise<PhotoUploadResponse> {
    const course = await this.mine(courier, courseId);
    if (course.status !== 'en_route_delivery') throw DeliveryErrors.proofPhotoNotExpected();
    await this.limiter.hit([PROOF_PHOTOS_PER_COURSE, course.id]);
    const photo = await this.files.storePhoto('proof_photo', upload);
    const kept = await this.uow.run(async (tx) => {
      const locked = await this.delivery.lockForProof(tx, course.id, courier.id);
      if (locked?.status !== 'en_route_delivery') return null;
      if (locked.proofPhotoFileId && locked.proofSha256 === photo.sha256) return { fileId: locked.proofPhotoFileId, duplicate: true };
      const stored = await this.files.recordPhoto(tx, courier, photo, ip);
      await this.delivery.setProofPhoto(tx, course.id, stored.id);
      return { fileId: stored.id, duplicate: false };
    });
    if (!kept || kept.duplicate) await this.files.discardPhoto(photo);
    if (!kept) throw DeliveryErrors.proofPhotoNotExpected();
    return { photo_url: fileUrl(kept.fileId), file_id: kept.fileId };
  }

  /** Whether this course's handover needs the photo, by the configuration (libs/domain proofPhotoRequired). */
  private proofRequired(course: Course): boolean {
    return proofPhotoRequired(course, {
      requiredForCash: this.config.PROOF_PHOTO_REQUIRED_FOR_CASH,
      requiredAboveGnf: this.config.PROOF_PHOTO_REQUIRED_ABOVE_GNF ?? null,
    });
  }

  async regenerateOtp(courier: AuthUser, courseId: string, ip?: string): Promise<MessageResponse> {
    const course = await this.mine(courier, courseId);
    if (course.status === 'delivered' || course.status === 'cancelled') throw DeliveryErrors.courseClosed();
    await this.limiter.hit([REGENERATE_LIMIT, course.id]);
    const otp = this.random.digits(CODE_LENGTH);
    // The new code goes to the recipient through the outbox, in the transaction that stores its hash.
    const replaced = await this.uow.run(async (tx) => {
      const updated = await this.delivery.replaceOtp(tx, course.id, courier.id, this.hasher.hash(otp), this.clock.now());
      if (!updated) return false;
      await this.outbox.add(tx, { type: 'sms', aggregateType: 'course', aggregateId: updated.id, payload: { to: updated.recipientPhone, kind: 'delivery_otp', text: newDeliveryCodeSms({ code: otp }) } });
      await this.audit.record({ actorId: courier.id, actorRole: courier.role, action: 'otp_regenerated', resourceType: 'course', resourceId: course.id, success: true, ip }, tx);
      return true;
    });
    if (!replaced) throw DeliveryErrors.courseClosed();
    return { message: DELIVERY_MESSAGES.otpRegenerated };
  }

  /** `occurredAt`: when the device made the request (sent later when made offline); not in the future, nor before the course. */
  async contactSupport(courier: AuthUser, courseId: string, issue: string | undefined, occurredAt?: Date): Promise<MessageResponse> {
    const text = issue?.trim();
    if (!text) throw DeliveryErrors.emptyIssue();
    const course = await this.mine(courier, courseId);
    const implausible = occurredAt && checkOccurredAt(occurredAt, this.clock.now(), null, course.createdAt);
    if (implausible) throw DeliveryErrors.implausibleTime(implausible);
    // Staff are told through the outbox, in the transaction that stores the request.
    await this.uow.run(async (tx) => {
      const request = await this.delivery.createSupportRequest(tx, course.id, courier.id, text.slice(0, 2000), occurredAt ? stepTime(occurredAt, this.clock.now()) : null);
      await this.outbox.add(tx, {
        type: 'staff.notice',
        aggregateType: 'support_request',
        aggregateId: request.id,
        payload: { kind: 'support', message: `Nouvelle demande de support : ${text.slice(0, 120)}` },
      });
    });
    return { message: DELIVERY_MESSAGES.supportRecorded };
  }

  /**
   * The courier hands a course back before collecting it (issue 38), with a reason: the lifecycle moves it back to
   * pending (its table's courier move, which needs the reason), nobody's, counted; dispatch offers it again.
   */
  async handBack(courier: AuthUser, courseId: string, input: HandBackInput, ip?: string): Promise<MessageResponse> {
    const reason = reasonText(HAND_BACK_REASON_LABELS[input.reason], input.reason, input.note);
    if (!reason) throw DeliveryErrors.handBackNeedsText();
    const course = await this.mine(courier, courseId);
    // After collection the parcel is in his hands: an incident, not a hand-back (INCIDENT_STATUSES).
    if (!HAND_BACK_STATUSES.includes(course.status)) {
      if (INCIDENT_STATUSES.includes(course.status)) throw DeliveryErrors.handBackTooLate();
      throw DeliveryErrors.invalidStep(course.status);
    }
    const moved = await this.lifecycle.moveSeen(course, 'pending', this.actor(courier, ip), { reason, proofs: ['hand_back_reason'] });
    if (!moved.ok) {
      if (moved.status && INCIDENT_STATUSES.includes(moved.status)) throw DeliveryErrors.handBackTooLate();
      // Handed back by a retry meanwhile, or given to another by staff.
      if (moved.status === 'pending' || moved.refusal === 'forbidden') throw DeliveryErrors.noLongerYours();
      throw DeliveryErrors.invalidStep(moved.status ?? course.status);
    }
    return { message: 'Course rendue : elle est proposée à nouveau aux livreurs.' };
  }

  /**
   * An incident after collection (issue 38): a case for staff with the courier's position, the one his phone sent, else
   * the last the server accepted from him (and when it was measured).
   */
  async incident(courier: AuthUser, courseId: string, input: IncidentInput, ip?: string) {
    const course = await this.mine(courier, courseId);
    const now = this.clock.now();
    const implausible = input.occurred_at && checkOccurredAt(input.occurred_at, now, null, course.createdAt);
    if (implausible) throw DeliveryErrors.implausibleTime(implausible);
    const sent = input.latitude !== undefined && input.longitude !== undefined ? { latitude: input.latitude, longitude: input.longitude, at: input.occurred_at ?? now } : null;
    const live = sent ? null : await this.positions.lastAccepted(courier.id);
    const position = sent ?? (live && { latitude: live.latitude, longitude: live.longitude, at: new Date(live.ms) });
    return this.reportIncident.execute(this.actor(courier, ip), course.id, {
      kind: input.kind,
      note: input.note,
      position,
      occurredAt: input.occurred_at ? stepTime(input.occurred_at, now) : null,
    });
  }

  async navigation(courier: AuthUser, courseId: string): Promise<NavigationDto> {
    const course = await this.mineOr(courier, courseId, (id) => this.delivery.findForCourierWithClient(id, courier.id));
    const next = COURIER_NEXT_STEP[course.status];
    const places = await this.delivery.shownPlaces([course.pickupPlaceId, course.deliveryPlaceId]);
    const shown = (placeId: string | null) => (placeId && places.get(placeId)) || null;
    return {
      id: course.id,
      course_number: courseNumber(course.number),
      status: course.status,
      status_label: COURSE_STATUS_LABELS[course.status],
      pickup_location: location(course.pickupAddress, course.pickupLatitude, course.pickupLongitude, course.pickupInstructions),
      delivery_location: location(course.deliveryAddress, course.deliveryLatitude, course.deliveryLongitude, course.deliveryInstructions),
      client_contact: { name: course.client.fullName, phone: course.client.phone },
      recipient_phone: course.recipientPhone,
      pickup_contact_phone: course.pickupContactPhone,
      delivery_contact_phone: course.deliveryContactPhone,
      description: course.description,
      package_type: course.packageType,
      photo_url: course.photoUrl,
      estimated_price: course.estimatedPrice,
      ...moneyForCourier(course),
      next_action: next ? { status: next.to, label: next.label } : null,
      otp_required: course.status === 'en_route_delivery',
      otp_locked: course.status === 'en_route_delivery' && course.otpHash !== null && course.otpAttempts >= OTP_MAX_ATTEMPTS,
      proof_photo_required: this.proofRequired(course),
      proof_photo_taken: course.proofPhotoFileId !== null,
      pickup_place: shown(course.pickupPlaceId),
      delivery_place: shown(course.deliveryPlaceId),
    };
  }

  /**
   * The courier's courses, newest first, with what each earns them: the commission paid, or what it will be on what the
   * client pays; nothing for a cancelled course, and no gain at all for one staff closed as delivered without the
   * courier's handover (no commission was recorded: issue 34).
   */
  async history(courier: AuthUser, query: CourseListInput): Promise<DeliveryHistoryResponse> {
    const rate = this.commissions.rateFor(courier.role);
    const page = await this.delivery.history(courier.id, query.status && statusesOf(query.status), query);
    const earnings = (course: CourierCourse) => {
      if (course.commission) return course.commission.amount;
      if (course.status === 'cancelled') return 0;
      return course.status === 'delivered' ? null : commissionFor(priceToPay(course), rate);
    };
    const deliveries = page.rows.map((course) => ({
      ...toCourseDto(course, courier),
      ...moneyForCourier(course),
      earnings: earnings(course),
      client_contact: { name: course.client.fullName, phone: course.client.phone },
    }));
    return { deliveries, next_cursor: page.nextCursor, total: page.total };
  }

  /**
   * A course assigned to this courier; one he had and lost (handed back, given to another) is a 409 saying so; any
   * other id is a 404, as if it did not exist.
   */
  private async mine(courier: AuthUser, courseId: string): Promise<Course> {
    return this.mineOr(courier, courseId, (id) => this.delivery.findForCourier(id, courier.id));
  }

  /** As `mine`, read with `find` (a course with the relations a screen shows). */
  private async mineOr<T>(courier: AuthUser, courseId: string, find: (id: string) => Promise<T | null>): Promise<T> {
    const course = isUuid(courseId) ? await find(courseId) : null;
    if (course) return course;
    // His offline steps or a late tap on a course he no longer has (issue 38) are told why, in French.
    if (isUuid(courseId) && (await this.delivery.wasCourierOf(courseId, courier.id))) throw DeliveryErrors.noLongerYours();
    throw DeliveryErrors.notFound();
  }

  private actor(courier: AuthUser, ip?: string): Actor {
    return { id: courier.id, role: courier.role, ip };
  }
}
