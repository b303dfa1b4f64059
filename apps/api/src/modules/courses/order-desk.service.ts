import { Inject, Injectable } from '@nestjs/common';
import { CODE_LENGTH, distanceKm, estimatePrice, toGuineanMobile } from '@coursa/domain';
import { CourseOrderSchema, type CourseOrderInput } from '@coursa/contracts/schemas';
import { z } from 'zod';
import type { Payment, Prisma } from '../../generated/prisma/client.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { DomainError } from '../../common/errors/domain-error.js';
import type { SqlTx, Tx } from '../../common/prisma/transaction.js';
import { Clock, RandomSource, SecretBox, SecretHasher } from '../../common/security/secrets.js';
import { CourseErrors } from './courses.errors.js';
import type { CourseWithRelations } from './courses.mapper.js';
import { CoursesRepository, PromoClaimLost, type CoursePayment } from './courses.repository.js';
import { FilesService } from '../files/files.service.js';
import { invalidPromo, LoyaltyService } from '../loyalty/loyalty.service.js';
import { PlaceSearchService } from '../places/place-search.service.js';
import { deliveryCodeSms, trackingLinkSms } from '../notifications/sms-texts.js';
import { TRACKING_TOKEN_BYTES, trackingUrl } from '../recipient-tracking/tracking-link.js';

/** An order checked and priced: what its course will be, and what the client pays for it. */
export interface PricedOrder {
  order: CourseOrderInput;
  recipientPhone: string;
  pickupContactPhone: string | null;
  deliveryContactPhone: string | null;
  price: number;
  discount: number;
  /** What the client pays: the price less the promo's discount. */
  total: number;
  promoCodeId?: string;
  photoFileId?: string;
}

export interface Orderer {
  id: string;
  /** Who the recipient's SMS says sends the parcel: the client's name, or the merchant's business name. */
  fullName: string;
}

/**
 * A merchant's order (issue 40): its own order reference and the API key it came with (null from its session), kept
 * on its course; the recipient's tracking token is then also kept sealed, for the merchant to read the link again.
 */
export interface MerchantMark {
  reference: string | null;
  apiKeyId: string | null;
}

/** What a merchant's paid order stores beside its course order (the payment's `order`), read back by `fulfil`. */
const StoredMerchantMark = z.object({ reference: z.string().nullable(), api_key_id: z.uuid().nullable(), sender_name: z.string().min(1) }).strict();

/** A merchant's order as its mobile money payment stores it, to make its course, marked, when the payment is credited. */
export function merchantStoredOrder(order: CourseOrderInput, merchant: MerchantMark & { senderName: string }): Prisma.InputJsonObject {
  const mark: z.input<typeof StoredMerchantMark> = { reference: merchant.reference, api_key_id: merchant.apiKeyId, sender_name: merchant.senderName };
  return { ...order, merchant: mark };
}

/** A stored order: the course order, and the merchant's mark when a merchant ordered it; null when it is not one. */
function readStoredOrder(stored: unknown): { order: CourseOrderInput; merchant?: MerchantMark & { senderName: string } } | null {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const { merchant, ...rest } = stored as Record<string, unknown>;
  const order = CourseOrderSchema.safeParse(rest);
  if (!order.success) return null;
  if (merchant === undefined) return { order: order.data };
  const mark = StoredMerchantMark.safeParse(merchant);
  if (!mark.success) return null;
  return { order: order.data, merchant: { reference: mark.data.reference, apiKeyId: mark.data.api_key_id, senderName: mark.data.sender_name } };
}

/**
 * The one place an order becomes a course (issue 34): `price` checks an order (phones, promo, parcel photo) and
 * prices it, `place` writes its course with its payment, delivery code, tracking link and their SMS. The client's
 * POST /api/courses and a paid order's crediting (SettlePaymentUseCase) both go through it.
 */
@Injectable()
export class OrderDesk {
  constructor(
    private readonly courses: CoursesRepository,
    private readonly loyalty: LoyaltyService,
    private readonly files: FilesService,
    private readonly places: PlaceSearchService,
    private readonly random: RandomSource,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly box: SecretBox,
  ) {}

  /** Checks the order for this client and prices it; a French DomainError says what is wrong. */
  async price(client: { id: string }, order: CourseOrderInput): Promise<PricedOrder> {
    const recipientPhone = toGuineanMobile(order.recipient_phone);
    if (!recipientPhone) throw CourseErrors.invalidRecipientPhone();
    const contactPhone = (value: string | null | undefined) => {
      if (!value) return null;
      const phone = toGuineanMobile(value);
      if (!phone) throw CourseErrors.invalidContactPhone();
      return phone;
    };
    const pickupContactPhone = contactPhone(order.pickup_contact_phone);
    const deliveryContactPhone = contactPhone(order.delivery_contact_phone);
    const price = estimatePrice(order.pickup_location, order.delivery_location);
    const promo = order.promo_code ? await this.loyalty.applyPromo(order.promo_code, client.id, price) : null;
    const photo = order.photo_url ? await this.parcelPhoto(client, order.photo_url) : null;
    const discount = promo?.discount ?? 0;
    return {
      order,
      recipientPhone,
      pickupContactPhone,
      deliveryContactPhone,
      price,
      discount,
      total: price - discount,
      promoCodeId: promo?.promo.id,
      photoFileId: photo?.id,
    };
  }

  /**
   * Writes the course of a priced order with its payment in one transaction (`tx`, or its own): the recipient's
   * delivery code and tracking link go out by SMS through the outbox. Throws PaymentClaimLost, PromoClaimLost or
   * PhotoClaimLost when another order took the payment, promo or photo first. A point's `place_id` (the place book's
   * place chosen from the suggestions, issue 39) is kept only when that place may be suggested; otherwise dropped. A
   * merchant's order (`merchant`) keeps its reference and key, and its tracking token sealed.
   */
  async place(
    client: Orderer,
    priced: PricedOrder,
    payment: CoursePayment,
    options: { ip?: string; tx: SqlTx; withCreated?: (tx: SqlTx, course: CourseWithRelations) => Promise<void>; merchant?: MerchantMark },
  ): Promise<CourseWithRelations> {
    const { order } = priced;
    const otp = this.random.digits(CODE_LENGTH);
    // The recipient's tracking link: the token goes in their SMS, only its hash in the course.
    const trackingToken = this.random.token(TRACKING_TOKEN_BYTES);
    const now = this.clock.now();
    const { pickup_location: pickup, delivery_location: delivery } = order;
    const chosen = await this.places.chosenPlaces(options.tx, [pickup.place_id, delivery.place_id]);
    const kept = (placeId: string | null | undefined) => (placeId && chosen.has(placeId.toLowerCase()) ? placeId.toLowerCase() : null);
    return this.courses.create(
      {
        clientId: client.id,
        pickupAddress: order.pickup_location.address,
        pickupLatitude: order.pickup_location.latitude,
        pickupLongitude: order.pickup_location.longitude,
        pickupInstructions: order.pickup_location.instructions,
        pickupPlaceId: kept(pickup.place_id),
        deliveryAddress: order.delivery_location.address,
        deliveryLatitude: order.delivery_location.latitude,
        deliveryLongitude: order.delivery_location.longitude,
        deliveryInstructions: order.delivery_location.instructions,
        deliveryPlaceId: kept(delivery.place_id),
        pickupContactPhone: priced.pickupContactPhone,
        deliveryContactPhone: priced.deliveryContactPhone,
        recipientPhone: priced.recipientPhone,
        description: order.description,
        photoUrl: priced.photoFileId ? order.photo_url : null,
        photoFileId: priced.photoFileId,
        packageType: order.package_type,
        distanceKm: distanceKm(order.pickup_location, order.delivery_location),
        estimatedPrice: priced.price,
        discount: priced.discount,
        promoCodeId: priced.promoCodeId,
        otpHash: this.hasher.hash(otp),
        otpGeneratedAt: now,
        trackingTokenHash: this.hasher.hash(trackingToken),
        ...(options.merchant && {
          merchantReference: options.merchant.reference,
          apiKeyId: options.merchant.apiKeyId,
          trackingTokenSealed: this.box.seal(trackingToken),
        }),
      },
      payment,
      (courseId, courseNumber) => [
        {
          type: 'sms',
          aggregateType: 'course',
          aggregateId: courseId,
          payload: { to: priced.recipientPhone, kind: 'delivery_otp', text: deliveryCodeSms({ senderName: client.fullName, code: otp }) },
        },
        {
          type: 'sms',
          aggregateType: 'course',
          aggregateId: courseId,
          payload: { to: priced.recipientPhone, kind: 'tracking_link', text: trackingLinkSms({ url: trackingUrl(this.config.PUBLIC_URL, trackingToken) }) },
        },
        {
          type: 'course.created',
          aggregateType: 'course',
          aggregateId: courseId,
          payload: {
            courseId,
            courseNumber,
            clientId: client.id,
            estimatedPrice: priced.price,
            pickupAddress: order.pickup_location.address,
            deliveryAddress: order.delivery_location.address,
            createdAt: now.toISOString(),
          },
        },
      ],
      options,
    );
  }

  /**
   * A paid order's crediting, inside the transaction that marks its payment succeeded: creates its course, or says
   * why it cannot be made (the caller then refunds the payment). The order was checked when the payment started;
   * it is checked again, since its promo or photo may have gone to another order meanwhile.
   */
  async fulfil(tx: Tx, payment: Payment): Promise<{ courseId: string } | { unfulfillable: string }> {
    const stored = readStoredOrder(payment.order);
    if (!stored) return { unfulfillable: 'Commande invalide.' };
    const { merchant } = stored;
    const account = await tx.user.findUniqueOrThrow({ where: { id: payment.clientId }, select: { id: true, fullName: true } });
    const client = merchant ? { id: account.id, fullName: merchant.senderName } : account;
    let priced: PricedOrder;
    try {
      priced = await this.price(client, stored.order);
    } catch (error) {
      if (error instanceof DomainError) return { unfulfillable: error.detail };
      throw error;
    }
    if (priced.total !== payment.amount) return { unfulfillable: 'Le montant payé ne correspond plus au prix de cette course.' };
    try {
      const course = await this.place(client, priced, { kind: 'paid', payment }, { tx, ...(merchant && { merchant: { reference: merchant.reference, apiKeyId: merchant.apiKeyId } }) });
      return { courseId: course.id };
    } catch (error) {
      // Thrown before the course is written, so the transaction goes on with the payment refunded instead. A photo
      // taken meanwhile fails the insert, and the transaction: the retried check then finds it taken in `price`.
      if (error instanceof PromoClaimLost) return { unfulfillable: invalidPromo().detail };
      throw error;
    }
  }

  /** The client's own parcel photo (uploaded with POST /api/upload/parcel-photo), not on another course yet. */
  private async parcelPhoto(client: { id: string }, url: string) {
    const photo = await this.files.photoAt(url, 'parcel_photo');
    if (!photo || photo.uploadedById !== client.id) throw CourseErrors.photoUnknown();
    if (photo.parcelPhotoOf) throw CourseErrors.photoAlreadyUsed();
    return photo;
  }
}
