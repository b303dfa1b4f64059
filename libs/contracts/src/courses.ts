import type { CourseStatus } from '@coursa/domain';
import type { CountedPage } from './pagination.js';
import type { CourseRefundDto } from './refunds.js';
import type { z } from 'zod';
import type { QuoteResponseSchema } from './schemas/answers.js';
import type { CreateCourseSchema, QuoteSchema } from './schemas/courses.js';

export interface LocationDto {
  address: string;
  latitude: number;
  longitude: number;
  instructions?: string | null;
}

export type QuoteRequest = z.input<typeof QuoteSchema>;

export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;

/** What a client orders: the course without its payment (stored with a paid order's payment, issue 34). */
export type CourseOrder = Omit<CreateCourseRequest, 'payment_reference' | 'payment_method'>;

export type CreateCourseRequest = z.input<typeof CreateCourseSchema>;

/** A course as its client sees it (spec §3 "Course"). */
export interface CourseDto {
  id: string;
  course_id: string;
  status: CourseStatus;
  created_at: string;
  updated_at: string;
  pickup_location: LocationDto;
  delivery_location: LocationDto;
  pickup_contact_phone: string | null;
  delivery_contact_phone: string | null;
  recipient_phone: string;
  description: string | null;
  photo_url: string | null;
  package_type: string | null;
  estimated_price: number;
  discount: number;
  final_price: number | null;
  payment_method: string;
  payment_status: string | null;
  pickup_time: string | null;
  delivery_time: string | null;
  pickup_instructions: string | null;
  delivery_instructions: string | null;
  assigned_delivery_person_id: string | null;
  /** Its courier's name (the client's « Livreur »), null without a courier. */
  delivery_person_name: string | null;
  client_id: string;
  client_name: string;
  /** Whether a delivery code was generated and sent to the recipient (never the code itself). */
  delivery_otp: boolean;
  /** A cancelled paid course's refund (README "Refunds"); null otherwise. */
  refund: CourseRefundDto | null;
  /** The rating its client gave once delivered (one per course); null before. */
  rating: { rating: number; comment: string | null } | null;
  /** The courier's photo of the parcel at the door (`/api/files/<id>`, proof of delivery): for its client and staff; null otherwise. */
  proof_photo_url: string | null;
}

/**
 * A page of GET /courses, the caller's courses newest first, as the service reads it: the route answers the items
 * (`CourseDto[]`, the spec's array) and says the cursor and the count in headers (README "Lists come in pages").
 */
export type CoursesResponse = CountedPage<'courses', CourseDto>;

/** GET /courses/:id/tracking: the course's points and times, and the courier's latest known position (docs/architecture.md, « Realtime »). */
export interface CourseTrackingDto {
  id: string;
  /** The course's number as users read it (`courseNumber`: CRS-000123). */
  course_number: string;
  status: CourseStatus;
  status_label: string;
  pickup_location: Pick<LocationDto, 'address' | 'latitude' | 'longitude'>;
  delivery_location: Pick<LocationDto, 'address' | 'latitude' | 'longitude'>;
  estimated_price: number;
  created_at: string;
  pickup_time: string | null;
  delivery_time: string | null;
  /** « Arrivée estimée dans 12 min » when `eta_minutes` is known, otherwise the spec's fixed text for the status. */
  arrival_estimate: string;
  /** Whole minutes to arrival (`etaMinutes`); null when not under way or no courier position was received. */
  eta_minutes: number | null;
  /** Null when the course is not under way or no position was received. */
  delivery_person_location: { latitude: number; longitude: number; at: string } | null;
  /** The courier's name and number, for the client's « Contacter le livreur »: only to its client, only while under way. */
  courier_contact: { name: string; phone: string } | null;
  /**
   * The route the courier rode, kept on the course once it ended (issue 25: simplified to about 10 m, it outlives the
   * raw positions): [latitude, longitude] points in order and its length; null before it ends, or with no position.
   */
  route: { points: [number, number][]; km: number } | null;
  /** The courier's photo at the door (proof of delivery, issue 37): to its client and staff only; null otherwise. */
  proof_photo_url: string | null;
}
