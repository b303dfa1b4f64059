import { Inject, Injectable } from '@nestjs/common';
import type { CourseDto, CoursesResponse, CourseTrackingDto, QuoteResponse } from '@coursa/contracts';
import { ACTIVE_STATUSES, arrivalEstimate, canCallCourier, canSeeCourse, COURSE_STATUS_LABELS, CODE_LENGTH, distanceKm, estimatePrice, readRoute, statusesOf, toGuineanMobile } from '@coursa/domain';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { saveAnswerWithin } from '../../common/idempotency/idempotency.scope.js';
import { Clock, RandomSource, SecretHasher } from '../../common/security/secrets.js';
import { FilesService } from '../files/files.service.js';
import { deliveryCodeSms, trackingLinkSms } from '../notifications/sms-texts.js';
import { PaymentErrors } from '../payments/payments.errors.js';
import { courseEta } from '../tracking/course-eta.js';
import { PositionsStore } from '../tracking/positions.store.js';
import { TRACKING_TOKEN_BYTES, trackingUrl } from '../recipient-tracking/tracking-link.js';
import { PaymentsRepository } from '../payments/payments.repository.js';
import { CourseErrors } from './courses.errors.js';
import { toCourseDto, type CourseWithRelations } from './courses.mapper.js';
import { CourseLifecycle } from './course-lifecycle.service.js';
import { CoursesRepository, PaymentClaimLost, PhotoClaimLost, PromoClaimLost } from './courses.repository.js';
import { invalidPromo, LoyaltyService } from '../loyalty/loyalty.service.js';
import type { CourseListInput, CreateCourseInput, QuoteInput } from './dto/courses.dto.js';

@Injectable()
export class CoursesService {
  constructor(
    private readonly courses: CoursesRepository,
    private readonly lifecycle: CourseLifecycle,
    private readonly payments: PaymentsRepository,
    private readonly random: RandomSource,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly positions: PositionsStore,
    private readonly loyalty: LoyaltyService,
    private readonly files: FilesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
   * The only way a course comes to exist: with a confirmed, unused payment of its own price made by this
   * client, or cash on delivery. The price is computed here, never taken from the request.
   */
  async create(client: AuthUser, input: CreateCourseInput, ip?: string): Promise<CourseDto> {
    if (input.payment_reference && input.payment_method) throw CourseErrors.twoPayments();
    const recipientPhone = toGuineanMobile(input.recipient_phone);
    if (!recipientPhone) throw CourseErrors.invalidRecipientPhone();
    const contactPhone = (value: string | null) => {
      if (!value) return null;
      const phone = toGuineanMobile(value);
      if (!phone) throw CourseErrors.invalidContactPhone();
      return phone;
    };
    const price = estimatePrice(input.pickup_location, input.delivery_location);
    const promo = input.promo_code ? await this.loyalty.applyPromo(input.promo_code, client.id, price) : null;
    const total = price - (promo?.discount ?? 0);
    // A course the promo makes free needs no payment; any other needs one.
    if (!input.payment_reference && !input.payment_method && total > 0) throw CourseErrors.paymentRequired();

    let payment: Parameters<CoursesRepository['create']>[1];
    if (input.payment_reference) {
      const paid = await this.payments.findByOrderId(input.payment_reference);
      if (!paid || paid.clientId !== client.id || paid.provider === 'cash') throw PaymentErrors.notFound();
      if (paid.courseId) throw PaymentErrors.alreadyUsed();
      if (paid.status !== 'succeeded') throw PaymentErrors.notConfirmed();
      if (paid.amount !== total) throw PaymentErrors.amountMismatch();
      payment = { kind: 'paid', payment: paid };
    } else {
      payment = { kind: 'cash', orderId: `COD_${this.clock.now().getTime()}_${this.random.token(6)}`, amount: total };
    }

    const photo = input.photo_url ? await this.parcelPhoto(client, input.photo_url) : null;
    const otp = this.random.digits(CODE_LENGTH);
    // The recipient's tracking link: the token goes in their SMS, only its hash in the course.
    const trackingToken = this.random.token(TRACKING_TOKEN_BYTES);
    const now = this.clock.now();
    try {
      const course = await this.courses.create(
        {
          clientId: client.id,
          pickupAddress: input.pickup_location.address,
          pickupLatitude: input.pickup_location.latitude,
          pickupLongitude: input.pickup_location.longitude,
          pickupInstructions: input.pickup_location.instructions,
          deliveryAddress: input.delivery_location.address,
          deliveryLatitude: input.delivery_location.latitude,
          deliveryLongitude: input.delivery_location.longitude,
          deliveryInstructions: input.delivery_location.instructions,
          pickupContactPhone: contactPhone(input.pickup_contact_phone),
          deliveryContactPhone: contactPhone(input.delivery_contact_phone),
          recipientPhone,
          description: input.description,
          photoUrl: photo && input.photo_url,
          photoFileId: photo?.id,
          packageType: input.package_type,
          distanceKm: distanceKm(input.pickup_location, input.delivery_location),
          estimatedPrice: price,
          discount: promo?.discount ?? 0,
          promoCodeId: promo?.promo.id,
          otpHash: this.hasher.hash(otp),
          otpGeneratedAt: now,
          trackingTokenHash: this.hasher.hash(trackingToken),
        },
        payment,
        (courseId) => [
          {
            type: 'sms',
            aggregateType: 'course',
            aggregateId: courseId,
            payload: {
              to: recipientPhone,
              kind: 'delivery_otp',
              text: deliveryCodeSms({ senderName: client.fullName, code: otp }),
            },
          },
          {
            type: 'sms',
            aggregateType: 'course',
            aggregateId: courseId,
            payload: { to: recipientPhone, kind: 'tracking_link', text: trackingLinkSms({ url: trackingUrl(this.config.PUBLIC_URL, trackingToken) }) },
          },
          {
            type: 'course.created',
            aggregateType: 'course',
            aggregateId: courseId,
            payload: {
              courseId,
              clientId: client.id,
              estimatedPrice: price,
              pickupAddress: input.pickup_location.address,
              deliveryAddress: input.delivery_location.address,
              createdAt: now.toISOString(),
            },
          },
        ],
        ip,
        (tx, created) => saveAnswerWithin(tx, toCourseDto(created)),
      );
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
    return { courses: page.rows.map(toCourseDto), next_cursor: page.nextCursor, total: page.total };
  }

  async get(user: AuthUser, id: string): Promise<CourseDto> {
    return toCourseDto(await this.visibleCourse(user, id));
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
    const eta = courseEta(course, position);
    return {
      id: course.id,
      status: course.status,
      status_label: COURSE_STATUS_LABELS[course.status],
      pickup_location: { address: course.pickupAddress, latitude: course.pickupLatitude, longitude: course.pickupLongitude },
      delivery_location: { address: course.deliveryAddress, latitude: course.deliveryLatitude, longitude: course.deliveryLongitude },
      estimated_price: course.estimatedPrice,
      created_at: course.createdAt.toISOString(),
      pickup_time: course.pickupTime?.toISOString() ?? null,
      delivery_time: course.deliveryTime?.toISOString() ?? null,
      arrival_estimate: arrivalEstimate(course.status, eta),
      eta_minutes: eta,
      delivery_person_location: position && ACTIVE_STATUSES.includes(course.status) ? { latitude: position.lat, longitude: position.lng, at: position.at } : null,
      courier_contact: course.courier && canCallCourier(user, course) ? { name: course.courier.fullName, phone: course.courier.phone } : null,
      route: readRoute(course.route),
    };
  }

  /** The client's own parcel photo (uploaded with POST /api/upload/parcel-photo), not on another course yet. */
  private async parcelPhoto(client: AuthUser, url: string) {
    const photo = await this.files.photoAt(url, 'parcel_photo');
    if (!photo || photo.uploadedById !== client.id) throw CourseErrors.photoUnknown();
    if (photo.parcelPhotoOf) throw CourseErrors.photoAlreadyUsed();
    return photo;
  }

  /** The course if the access policy lets the caller see it (its client, its courier, staff); otherwise 404, as if it did not exist. */
  private async visibleCourse(user: AuthUser, id: string): Promise<CourseWithRelations> {
    const course = await this.courses.findById(id);
    if (!course || !canSeeCourse(user, course)) throw CourseErrors.notFound();
    return course;
  }
}
