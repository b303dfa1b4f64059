import type { CourseStatus, HandBackReason, IncidentKind, Role } from '@coursa/domain';

/**
 * Issue 38: staff give a waiting course to a courier or move one in progress to another; a courier hands a course
 * back before collecting it, or reports an incident after.
 */

/** POST /admin/courses/:id/assign: the courier who gets the course (available, active). */
export interface AssignCourierRequest {
  courier_id: string;
}

/** The course's courier now, and its status (assigned for a waiting course; unchanged for one in progress). */
export interface CourierAssignedResponse {
  message: string;
  course_id: string;
  status: CourseStatus;
  courier_id: string;
  courier_name: string;
  /** The courier it was taken from; null when it was waiting. */
  previous_courier_id: string | null;
}

/** GET /admin/couriers/available: a courier staff may give a course to, by name. */
export interface AvailableCourierDto {
  id: string;
  full_name: string;
  phone: string;
  role: Role;
  /** The courses in progress he already carries. */
  active_courses: number;
}

/** POST /delivery/course/:id/hand-back: why (« Autre » needs `note`). */
export interface HandBackRequest {
  reason: HandBackReason;
  note?: string;
}

/** POST /delivery/course/:id/incident: what happened (« Autre » needs `note`), where the phone was if it knows. */
export interface IncidentRequest {
  kind: IncidentKind;
  note?: string;
  latitude?: number;
  longitude?: number;
  /** When the phone measured that position, or made the report offline (ISO 8601). */
  occurred_at?: string;
}

export interface IncidentReportedResponse {
  message: string;
  /** The case opened for staff (GET /admin/support-requests). */
  support_request_id: string;
}

/** Socket: a course changed courier (staff reassign), to its client, both couriers and ops. */
export interface CourseCourierChangedEvent {
  course_id: string;
  /** The course's number as users read it (`courseNumber`: CRS-000123). */
  course_number: string;
  status: CourseStatus;
  courier_id: string;
  courier_name: string;
  previous_courier_id: string;
}
