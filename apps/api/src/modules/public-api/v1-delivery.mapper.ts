import type { V1DeliveryDto } from '@coursa/contracts';
import { COURSE_STATUS_LABELS, courseNumber } from '@coursa/domain';
import type { Course, Payment, User } from '../../generated/prisma/client.js';

/** What a delivery's answer is read from: the course, its payment's status and its courier. */
export type V1DeliveryView = Course & { payment: Pick<Payment, 'status'> | null; courier: Pick<User, 'fullName' | 'phone'> | null };

/**
 * A merchant's course as the public API shows it (`/api/v1/deliveries`) and as the webhooks carry it (issue 40). The
 * courier's phone only while the course is under way, as a client's tracking gives it; never the delivery code.
 */
export function toV1Delivery(course: V1DeliveryView): V1DeliveryDto {
  const underway = ['assigned', 'en_route_pickup', 'collected', 'en_route_delivery'].includes(course.status);
  return {
    id: course.id,
    object: 'delivery',
    number: courseNumber(course.number),
    reference: course.merchantReference,
    status: course.status,
    status_label: COURSE_STATUS_LABELS[course.status],
    pickup: {
      address: course.pickupAddress,
      latitude: course.pickupLatitude,
      longitude: course.pickupLongitude,
      instructions: course.pickupInstructions,
      contact_phone: course.pickupContactPhone,
    },
    dropoff: {
      address: course.deliveryAddress,
      latitude: course.deliveryLatitude,
      longitude: course.deliveryLongitude,
      instructions: course.deliveryInstructions,
      contact_phone: course.deliveryContactPhone,
    },
    recipient_phone: course.recipientPhone,
    description: course.description,
    package_type: course.packageType,
    price: course.estimatedPrice,
    discount: course.discount,
    total: course.estimatedPrice - course.discount,
    currency: 'GNF',
    payment_method: course.paymentMethod,
    payment_status: course.payment?.status ?? null,
    courier: course.courier ? { name: course.courier.fullName, phone: underway ? course.courier.phone : null } : null,
    created_at: course.createdAt.toISOString(),
    picked_up_at: course.pickupTime?.toISOString() ?? null,
    delivered_at: course.deliveryTime?.toISOString() ?? null,
  };
}

/** The Prisma `include` that reads a V1DeliveryView. */
export const V1_DELIVERY_INCLUDE = { payment: { select: { status: true } }, courier: { select: { fullName: true, phone: true } } } as const;
