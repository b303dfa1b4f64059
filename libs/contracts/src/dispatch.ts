/** A courier near a waiting course (issue 24, the ops dispatch view). */
export interface NearCourierDto {
  courier_id: string;
  name: string;
  /** From the courier's live position to the pickup, km to 0.1. */
  distance_km: number;
}

/** A course that has waited for a courier longer than the dispatch alert time. */
export interface WaitingCourseDto {
  id: string;
  course_id: string;
  pickup_address: string;
  pickup_location: { latitude: number; longitude: number };
  delivery_address: string;
  created_at: string;
  /** Whole minutes since it was ordered. */
  waiting_minutes: number;
  /** The nearest available couriers with a live position, nearest first (at most 3, within 10 km). */
  nearest_couriers: NearCourierDto[];
  /** How many times couriers handed it back (issue 38): a course nobody keeps. */
  hand_back_count: number;
}

/** A delivery whose handover ops should check (issue 24): far from the delivery point, or with no recent position. */
export interface DeliveryFlagDto {
  course_id: string;
  course_number: string;
  courier_name: string | null;
  kind: 'far_handover' | 'no_recent_position';
  /** How far from the delivery point the courier's last position was, in metres (far_handover). */
  distance_m: number | null;
  /** How old that position was when the code was entered, in seconds (null: none at all). */
  position_age_s: number | null;
  at: string;
}

/** A courier's position kept off the live map for an impossible move (issue 24). */
export interface PositionFlagDto {
  courier_id: string;
  courier_name: string | null;
  /** The course the courier was on, if any. */
  course_id: string | null;
  course_number: string | null;
  /** How far the position was from the courier's last believed one, and how long after it (whole seconds). */
  distance_m: number;
  seconds: number;
  /** The speed that implies (null when both had the same time). */
  kmh: number | null;
  at: string;
}

/**
 * GET /api/admin/dispatch: the courses waiting longest (at most 20, the longest wait first), and the handovers and the
 * positions flagged in the last 24 hours (at most 20 each, the newest first).
 */
export interface DispatchViewDto {
  waiting: WaitingCourseDto[];
  flags: DeliveryFlagDto[];
  position_flags: PositionFlagDto[];
  /** The wait after which a course shows here, in minutes. */
  alert_after_minutes: number;
}

/**
 * GET /api/admin/couriers/silent (issue 37): a courier on an active course from whom no position has come for
 * COURIER_SILENT_AFTER_S, « Livreurs sans position » on the ops dashboard; the longest silence first.
 */
export interface SilentCourierDto {
  courier_id: string;
  courier_name: string;
  courier_phone: string;
  /** When the server last heard of them: their last position, or the course's acceptance when none came after. */
  since: string;
  /** When the silence was noticed. */
  flagged_at: string;
  /** Their active courses (numbers such as CRS-000123). */
  course_numbers: string[];
}
