import type { CourseStatus } from '@coursa/domain';
import type { CourseDto, LocationDto } from './courses.js';
import type { CountedPage, Page } from './pagination.js';
import type { z } from 'zod';
import type { AvailabilityResponseSchema, CourseAcceptedResponseSchema, CourseStatusUpdatedResponseSchema } from './schemas/answers.js';
import type { VerifyOtpSchema } from './schemas/delivery.js';

/**
 * What a courier is told of a course's money and trip (issue 34): what the client pays (after the promo discount), the
 * cash to collect at the delivery when it is paid in cash (« Encaisser 26 000 GNF »), and the trip's length.
 */
export interface CourseMoneyForCourier {
  /** The price the client pays, after the promo discount (the final price once delivered). */
  price_to_pay: number;
  /** The cash the courier collects at the handover of a cash-on-delivery course; null when paid online. */
  cash_to_collect: number | null;
  /** The trip, pickup to delivery in a straight line, km to 0.1 (« Trajet : 7,4 km »). */
  trip_km: number;
}

/** A pending course as couriers see it before accepting (no phone numbers yet). */
export interface AvailableCourseDto extends CourseMoneyForCourier {
  id: string;
  course_id: string;
  estimated_price: number;
  /** The courier's commission on what the client pays (after the promo discount). */
  earnings: number;
  pickup_location: LocationDto;
  delivery_location: LocationDto;
  description: string | null;
  package_type: string | null;
  created_at: string;
  /** How far its pickup is from the courier's live position, km to 0.1 (null: the courier has sent none lately). */
  distance_km: number | null;
}

/**
 * A page of GET /delivery/available-courses: pending courses, nearest first for a courier with a live position, oldest
 * first otherwise; a course younger than the dispatch delay only to the couriers near its pickup. The route answers
 * the items (the spec's array) and says the next page in headers (README "Lists come in pages").
 */
export type AvailableCoursesResponse = Page<'courses', AvailableCourseDto>;

/** A course in the courier's history, with what it earns them. */
export interface DeliveryDto extends CourseDto, CourseMoneyForCourier {
  /**
   * The commission paid for it, or what it will be while under way; 0 once cancelled; null for a course staff closed
   * as delivered without the courier's handover (issue 34: no « Gain » the courier never earned).
   */
  earnings: number | null;
  client_contact: { name: string; phone: string };
}

/** A page of GET /delivery/history, the courier's courses newest first: the route answers the items, the cursor and count in headers. */
export type DeliveryHistoryResponse = CountedPage<'deliveries', DeliveryDto>;

/** What the navigation screen shows (spec §2 "Navigation and delivery"). */
export interface NavigationDto extends CourseMoneyForCourier {
  id: string;
  /** The course's number as users read it (`courseNumber`: CRS-000123), the one name of a course everywhere. */
  course_number: string;
  status: CourseStatus;
  status_label: string;
  pickup_location: LocationDto;
  delivery_location: LocationDto;
  client_contact: { name: string; phone: string };
  recipient_phone: string;
  pickup_contact_phone: string | null;
  delivery_contact_phone: string | null;
  description: string | null;
  package_type: string | null;
  /** The client's photo of the parcel (`/api/files/<id>`, the courier may read it), or null. */
  photo_url: string | null;
  estimated_price: number;
  /** The one action button, or null when the next step is the delivery code (or none). */
  next_action: { status: CourseStatus; label: string } | null;
  otp_required: boolean;
  /**
   * The delivery code is dead: OTP_MAX_ATTEMPTS wrong codes were tried. Even the right one is refused (OTP_LOCKED)
   * until « Nouveau Code » sends another.
   */
  otp_locked: boolean;
  /** The handover needs a photo of the parcel at the door before the code (the server's configuration decides). */
  proof_photo_required: boolean;
  /** A proof photo of this course has reached the server (the courier sees it on the phone, not from the server). */
  proof_photo_taken: boolean;
  /** The place book's place the client chose for each end (issue 39), shown beside her text; null when none. */
  pickup_place: NavigationPlaceDto | null;
  delivery_place: NavigationPlaceDto | null;
}

/** A known place, as the courier reads it: its name and the usual instructions staff wrote for it. */
export interface NavigationPlaceDto {
  name: string;
  instructions: string | null;
}

/** POST /delivery/toggle-availability. */
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>;

/** POST /delivery/accept-course/:id. */
export type CourseAcceptedResponse = z.infer<typeof CourseAcceptedResponseSchema>;

/** POST /delivery/course/:id/update-status (delivered goes through the delivery code instead). */
export type CourseStatusUpdatedResponse = z.infer<typeof CourseStatusUpdatedResponseSchema>;

/** POST /delivery/course/:id/verify-otp. */
export type VerifyOtpRequest = z.input<typeof VerifyOtpSchema>;
