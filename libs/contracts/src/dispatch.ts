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
}

/** GET /api/admin/dispatch: the courses waiting longest (at most 20, the longest wait first). */
export interface DispatchViewDto {
  waiting: WaitingCourseDto[];
  /** The wait after which a course shows here, in minutes. */
  alert_after_minutes: number;
}
