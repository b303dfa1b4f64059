import type { PaymentMethodCode } from './payments.js';
import type { AnalyticsAlert, CourseStatus, Role } from '@coursa/domain';
import type { CountedPage } from './pagination.js';

/** Spec §3 "Dashboard stats". */
export interface DashboardStatsDto {
  total_users: number;
  /** Accounts in use: not switched off, not deleted, signed in within ACTIVE_USER_DAYS (libs/domain). */
  active_users: number;
  total_courses: number;
  /** Assigned through en route to delivery. */
  active_courses: number;
  completed_courses: number;
}

/** One day of the weekly trends: revenue delivered that day, courses created that day, revenue growth in %. */
export interface DailyTrendDto {
  date: string;
  revenue: number;
  orders: number;
  growth: number;
}

/** Spec §3 "Analytics": money in GNF, rates in percent with one decimal, times in minutes. */
export interface AnalyticsDto {
  total_revenue: number;
  previous_revenue: number;
  total_courses: number;
  previous_courses: number;
  active_deliverers: number;
  online_deliverers: number;
  /** Null when no course was delivered in the period. */
  average_delivery_time: number | null;
  average_order_value: number;
  total_commissions: number;
  commission_percentage: number;
  customer_satisfaction: number;
  total_ratings: number;
  success_rate: number;
  successful_deliveries: number;
  cancellation_rate: number;
  cancelled_courses: number;
  repeat_customer_rate: number;
  peak_hours: string;
  delivery_efficiency: number;
  new_clients: number;
  delivery_metrics: { in_progress: number; pending: number; delivered_today: number };
  weekly_trends: DailyTrendDto[];
  top_deliverers: { name: string; deliveries: number }[];
  top_zones: { name: string; orders: number }[];
  top_delivery_personnel: { name: string; completed_deliveries: number; total_revenue: number }[];
  alerts: AnalyticsAlert[];
}

/** Spec §3 "User (listed)". */
export interface AdminUserDto {
  id: string;
  /** e.g. "USR-000042". */
  display_id: string;
  full_name: string;
  phone: string;
  email: string | null;
  role: Role;
  is_active: boolean;
  created_at: string;
}

/** Spec §3 "Course" as the back office lists it. */
export interface AdminCourseDto {
  id: string;
  /** What everyone calls the course: CRS-000123 (issue 38). */
  course_number: string;
  status: CourseStatus;
  client_id: string;
  client_name: string;
  /** The phones ops call (issue 38): the client's, the courier's (null when none carries it), the recipient's. */
  client_phone: string;
  assigned_delivery_person_id: string | null;
  delivery_person_name: string | null;
  delivery_person_phone: string | null;
  recipient_phone: string;
  created_at: string;
  estimated_price: number;
  payment_method: PaymentMethodCode;
  /** What the client pays (the price less any promo): on a cash course, what the courier collects. */
  price_to_pay: number;
  /** With their coordinates: the dashboard computes the ETA of the courses under way from them. */
  pickup_location: { address: string; latitude: number; longitude: number };
  delivery_location: { address: string; latitude: number; longitude: number };
  description: string | null;
  /** The handover was flagged (issue 24): far from the delivery point (metres) or with no recent position. */
  handover_flag: { kind: 'far_handover' | 'no_recent_position'; distance_m: number | null } | null;
  /** A position of its courier was kept off the live map during it (issue 24): the latest such jump. */
  position_flag: { distance_m: number; seconds: number } | null;
  /** The courier's photo of the parcel at the door (proof of delivery, `/api/files/<id>`), or null. */
  proof_photo_url: string | null;
  /** How many times couriers handed it back before collecting it (issue 38). */
  hand_back_count: number;
}

/** GET /admin/users: newest first (a page). */
export type AdminUsersResponse = CountedPage<'users', AdminUserDto>;

/** A page of GET /admin/courses, newest first: the route answers the items (the spec's array), the cursor and count in headers. */
export type AdminCoursesResponse = CountedPage<'courses', AdminCourseDto>;

/** PUT /users/:id/toggle-status: the account's new state. */
export interface UserStatusResponse {
  id: string;
  is_active: boolean;
}

/** PUT /admin/courses/:id/status: staff closed the course (spec §4). */
export interface CourseClosedResponse {
  message: string;
  /** delivered or cancelled. */
  status: CourseStatus;
}

/** POST /admin/queue-board/session: where the queue board opens, now that its cookie is set. */
export interface QueueBoardSessionResponse {
  url: string;
}
