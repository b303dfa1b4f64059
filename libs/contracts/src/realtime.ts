import type { CourseStatus } from '@coursa/domain';
import type { CourseCourierChangedEvent } from './assignments.js';
import type { StaffNoticeKind } from './outbox.js';

/** Socket.IO events, typed once for the gateway, the worker's emitter and the web's socket module (docs/architecture.md, « Realtime »). */

export interface CourierPositionInput {
  lat: number;
  lng: number;
  heading?: number;
  speed?: number;
  accuracy?: number;
  /** When the device measured it: ISO 8601 or epoch milliseconds. */
  at: string | number;
}

export type PositionAck = { ok: true } | { ok: false; code: 'RATE_LIMITED' | 'INVALID_POSITION' | 'FORBIDDEN'; detail: string };

/**
 * The positions a courier's phone measured through a network drop, sent at once on reconnect: at most
 * POSITION_BATCH_MAX (libs/domain), none in the future, none older than POSITION_BATCH_WINDOW_MS (those are dropped).
 */
export interface CourierPositionsInput {
  positions: CourierPositionInput[];
}

/** `stored`: the points kept in the trail (in time order, the same time once); `dropped`: those too old or repeated. */
export type PositionsAck = { ok: true; stored: number; dropped: number } | { ok: false; code: 'RATE_LIMITED' | 'INVALID_POSITION' | 'FORBIDDEN'; detail: string };

export interface CourierPosition {
  courier_id: string;
  lat: number;
  lng: number;
  heading: number | null;
  speed: number | null;
  accuracy: number | null;
  at: string;
  /**
   * The courier's speed over their last minutes of positions, km/h, as the server observed it (README « Live
   * tracking », ETA); null until they span a minute. Receivers compute each course's ETA with it (`etaMinutes`).
   */
  observed_speed_kmh: number | null;
}

export interface CourseStatusEvent {
  course_id: string;
  /** The course's number as users read it (`courseNumber`: CRS-000123). */
  course_number: string;
  status: CourseStatus;
  status_label: string;
  courier_id: string | null;
}

export interface CourseAvailableEvent {
  id: string;
  /** The course's number as users read it (`courseNumber`: CRS-000123), to couriers and staff alike. */
  course_number: string;
  estimated_price: number;
  /** To couriers (issue 34; staff's copy in `ops` goes without): what the client pays, after the promo discount. */
  price_to_pay?: number;
  /** To couriers: the cash to collect at the delivery of a cash-on-delivery course; null when paid online. */
  cash_to_collect?: number | null;
  /** To couriers: the trip, pickup to delivery in a straight line, km to 0.1. */
  trip_km?: number;
  pickup_address: string;
  delivery_address: string;
  created_at: string;
  /** To a courier offered it first for being near its pickup: how far it is from their live position (issue 24). */
  distance_km?: number;
}

/**
 * Once a second for the `ops` room. The couriers online (their latest positions) come only in the snapshot a staff
 * socket gets when it connects and about every 10 s after that, when it drops the couriers gone quiet; in between,
 * `courier:position` events keep the map current.
 */
export interface OpsSnapshot {
  at: string;
  couriers_online?: CourierPosition[];
  courses_by_status: Partial<Record<CourseStatus, number>>;
  counters: { active_courses: number; couriers_online: number; delivered_today: number };
}

export interface NotificationEvent {
  kind: 'payment' | 'course' | 'info' | 'courier_silent' | StaffNoticeKind;
  message: string;
  /** A staff notice kept server-side (issue 38): its id (to mark it read) and when it was made. */
  id?: string;
  created_at?: string;
}

export type OpsSnapshotAnswer = { ok: true; snapshot: OpsSnapshot } | { ok: false; detail: string };

export type SubscribeAck = { ok: true } | { ok: false; detail: string };

export interface ServerToClientEvents {
  'course:status': (event: CourseStatusEvent) => void;
  /** Staff gave a course in progress to another courier (issue 38): to its client, both couriers and ops. */
  'course:courier-changed': (event: CourseCourierChangedEvent) => void;
  'courier:position': (event: CourierPosition) => void;
  /**
   * To the `ops` room only: the live positions one API process kept in an event-loop turn, in one frame (issue 23:
   * one frame per staff socket per turn rather than one per position; the dashboard updates its map once for them).
   */
  'couriers:positions': (positions: CourierPosition[]) => void;
  'course:available': (event: CourseAvailableEvent) => void;
  'ops:snapshot': (snapshot: OpsSnapshot) => void;
  notification: (event: NotificationEvent) => void;
}

export interface ClientToServerEvents {
  'courier:position': (position: CourierPositionInput, ack: (answer: PositionAck) => void) => void;
  /** Positions buffered through a drop: all go to the trail with their times, only the latest is broadcast live. */
  'courier:positions': (batch: CourierPositionsInput, ack: (answer: PositionsAck) => void) => void;
  /** Asks to follow a course; granted only to its client, its courier and staff. */
  'course:subscribe': (request: { course_id: string }, ack: (answer: SubscribeAck) => void) => void;
  /** The whole ops snapshot, couriers included, for a dashboard that opens on an already connected socket (staff only). */
  'ops:snapshot': (request: Record<string, never>, ack: (answer: OpsSnapshotAnswer) => void) => void;
}

/**
 * A live position and the course rooms it goes to (its courier's active courses), as relayed between processes; every
 * relayed position goes to `ops` too, in the turn's `couriers:positions`.
 */
export type RelayedPosition = [courseRooms: string[], position: CourierPosition];

/** Between the processes of the cluster (the worker's emitter included), never seen by a browser. */
export interface InterServerEvents {
  /** A course of this courier changed status: the API processes re-read which courses its positions go to. */
  'courier:courses-changed': (courierId: string) => void;
  /**
   * The live positions one API process kept in an event-loop turn, each with the course rooms it goes to, for the other
   * processes to deliver to their own sockets: one message on the stream per turn rather than one per position.
   */
  'courier:positions-relay': (relayed: RelayedPosition[]) => void;
}

export const rooms = {
  user: (id: string) => `user:${id}`,
  course: (id: string) => `course:${id}`,
  availableCouriers: 'couriers:available',
  ops: 'ops',
} as const;
