import { fileUrl, type CourierPosition, type CourseDto, type CourseTrackingDto } from '@coursa/contracts';
import { ACTIVE_STATUSES, arrivalEstimate, canCallCourier, canSeeFile, COURSE_STATUS_LABELS, courseNumber, readRoute, type Role } from '@coursa/domain';
import { courseEta } from '../tracking/course-eta.js';
import type { Course, Payment, Rating, Refund, User } from '../../generated/prisma/client.js';

/** A course's payment with its refund (the courier's lists leave the refund out: it is the client's business). */
type CoursePayment = Pick<Payment, 'status'> & { refund?: Pick<Refund, 'status' | 'amount' | 'method'> | null };

export type CourseWithRelations = Course & {
  client: Pick<User, 'fullName'>;
  payment: CoursePayment | null;
  /** The client's rating, when the list loads it (the client's and the courier's lists do). */
  rating?: Pick<Rating, 'rating' | 'comment'> | null;
  /** The courier (null without one): the course names him; tracking gives the client his number while under way. */
  courier: Pick<User, 'fullName' | 'phone'> | null;
};

/** What a course's answer is made of: the columns it shows (the OTP hash only to say whether there is one) and the relations. */
export type CourseView = Pick<
  Course,
  | 'id' | 'number' | 'status' | 'createdAt' | 'updatedAt' | 'clientId' | 'courierId'
  | 'pickupAddress' | 'pickupLatitude' | 'pickupLongitude' | 'pickupInstructions' | 'pickupContactPhone'
  | 'deliveryAddress' | 'deliveryLatitude' | 'deliveryLongitude' | 'deliveryInstructions' | 'deliveryContactPhone'
  | 'recipientPhone' | 'description' | 'photoUrl' | 'packageType' | 'estimatedPrice' | 'discount' | 'finalPrice'
  | 'paymentMethod' | 'pickupTime' | 'deliveryTime' | 'otpHash' | 'proofPhotoFileId'
> &
  Pick<CourseWithRelations, 'client' | 'payment' | 'rating'> & {
    /** Its courier's name (issue 38: « Livreur » names him, not his id); null without a courier. */
    courier: Pick<User, 'fullName'> | null;
  };

/**
 * The address of a course's proof of delivery photo, for whom the access policy shows the photo (its client and
 * staff; no viewer given, nobody); else null.
 */
export function proofPhotoUrlFor(
  viewer: { id: string; role: Role | string } | undefined,
  course: Pick<Course, 'proofPhotoFileId' | 'clientId' | 'courierId'>,
): string | null {
  const proofId = course.proofPhotoFileId;
  return proofId && viewer && canSeeFile(viewer, { kind: 'proof_photo', uploadedById: null, course }) ? fileUrl(proofId) : null;
}

/**
 * The tracking screen's answer (spec §2) for `viewer`, with the courier's latest position (null without one) and the ETA
 * it gives. One owner: the API's tracking route and the engine bench's baseline both answer with it.
 */
export function toTrackingDto(course: CourseWithRelations, viewer: { id: string; role: Role | string }, position: CourierPosition | null): CourseTrackingDto {
  const eta = courseEta(course, position);
  return {
    id: course.id,
    course_number: courseNumber(course.number),
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
    courier_contact: course.courier && canCallCourier(viewer, course) ? { name: course.courier.fullName, phone: course.courier.phone } : null,
    route: readRoute(course.route),
    proof_photo_url: proofPhotoUrlFor(viewer, course),
  };
}

/** Spec §3 "Course" as the API returns it; never the OTP hash; the proof photo's address for `viewer` (proofPhotoUrlFor). */
export function toCourseDto(course: CourseView, viewer?: { id: string; role: Role | string }): CourseDto {
  return {
    id: course.id,
    course_id: courseNumber(course.number),
    status: course.status,
    created_at: course.createdAt.toISOString(),
    updated_at: course.updatedAt.toISOString(),
    pickup_location: {
      address: course.pickupAddress,
      latitude: course.pickupLatitude,
      longitude: course.pickupLongitude,
      instructions: course.pickupInstructions,
    },
    delivery_location: {
      address: course.deliveryAddress,
      latitude: course.deliveryLatitude,
      longitude: course.deliveryLongitude,
      instructions: course.deliveryInstructions,
    },
    pickup_contact_phone: course.pickupContactPhone,
    delivery_contact_phone: course.deliveryContactPhone,
    recipient_phone: course.recipientPhone,
    description: course.description,
    photo_url: course.photoUrl,
    package_type: course.packageType,
    estimated_price: course.estimatedPrice,
    discount: course.discount,
    final_price: course.finalPrice,
    payment_method: course.paymentMethod,
    payment_status: course.payment?.status ?? null,
    pickup_time: course.pickupTime?.toISOString() ?? null,
    delivery_time: course.deliveryTime?.toISOString() ?? null,
    pickup_instructions: course.pickupInstructions,
    delivery_instructions: course.deliveryInstructions,
    assigned_delivery_person_id: course.courierId,
    delivery_person_name: course.courier?.fullName ?? null,
    client_id: course.clientId,
    client_name: course.client.fullName,
    delivery_otp: course.otpHash !== null,
    refund: course.payment?.refund ?? null,
    rating: course.rating ?? null,
    proof_photo_url: proofPhotoUrlFor(viewer, course),
  };
}
