/** Course statuses, their French labels (spec §4) and the one table of legal moves. */

import { isCourier, isStaff, type Role } from './roles.js';

export const COURSE_STATUSES = [
  'pending',
  'assigned',
  'en_route_pickup',
  'collected',
  'en_route_delivery',
  'delivered',
  'cancelled',
] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = {
  pending: 'En attente',
  assigned: 'Assignée',
  en_route_pickup: 'En route (retrait)',
  collected: 'Colis récupéré',
  en_route_delivery: 'En route (livraison)',
  delivered: 'Livré avec succès',
  cancelled: 'Annulée',
};

/** Who moves a course from one status to another. */
export type Mover = 'client' | 'courier' | 'staff';

/**
 * What a move needs beyond being in the table: the courier's handover needs the recipient's code, checked; a courier's
 * hand-back needs its reason (so the plain step call cannot hand a course back).
 */
export type MoveProof = 'delivery_code' | 'hand_back_reason';

export interface CourseMove {
  from: CourseStatus;
  to: CourseStatus;
  by: Mover;
  needs?: MoveProof;
}

/** Every legal move, and who may make it. Nothing else changes a course's status (the course lifecycle checks it). */
export const COURSE_TRANSITIONS: readonly CourseMove[] = [
  { from: 'pending', to: 'assigned', by: 'courier' },
  { from: 'assigned', to: 'en_route_pickup', by: 'courier' },
  { from: 'en_route_pickup', to: 'collected', by: 'courier' },
  { from: 'collected', to: 'en_route_delivery', by: 'courier' },
  { from: 'en_route_delivery', to: 'delivered', by: 'courier', needs: 'delivery_code' },
  // A courier hands a course back before collecting it (issue 38): it waits for a courier again.
  { from: 'assigned', to: 'pending', by: 'courier', needs: 'hand_back_reason' },
  { from: 'en_route_pickup', to: 'pending', by: 'courier', needs: 'hand_back_reason' },
  { from: 'pending', to: 'cancelled', by: 'client' },
  // Staff give a waiting course to a courier of their choice (issue 38).
  { from: 'pending', to: 'assigned', by: 'staff' },
  ...(['pending', 'assigned', 'en_route_pickup', 'collected', 'en_route_delivery'] as const).flatMap((from) => [
    { from, to: 'delivered' as const, by: 'staff' as const },
    { from, to: 'cancelled' as const, by: 'staff' as const },
  ]),
];

/** The mover a role acts as. */
export function moverOf(role: Role | string): Mover {
  if (isCourier(role)) return 'courier';
  if (isStaff(role)) return 'staff';
  return 'client';
}

/**
 * Why a move is refused, or null when it is allowed: `forbidden` when the actor has no hand on this course (a client
 * on someone else's course, a courier on a course that is another courier's or not free), `not_allowed` when the
 * table has no such move for them, `needs_delivery_code` when the move needs the recipient's code and it was not
 * checked.
 */
export type MoveRefusal = 'forbidden' | 'not_allowed' | 'needs_delivery_code' | 'needs_hand_back_reason';

export function checkMove(
  course: { status: CourseStatus; clientId: string; courierId: string | null },
  to: CourseStatus,
  actor: { id: string; role: Role | string },
  proofs: readonly MoveProof[] = [],
): MoveRefusal | null {
  const by = moverOf(actor.role);
  if (by === 'client' && course.clientId !== actor.id) return 'forbidden';
  // A courier moves their own course, or takes one nobody has.
  if (by === 'courier' && course.courierId !== actor.id && !(course.courierId === null && to === 'assigned')) return 'forbidden';
  const move = COURSE_TRANSITIONS.find((candidate) => candidate.from === course.status && candidate.to === to && candidate.by === by);
  if (!move) return 'not_allowed';
  if (move.needs && !proofs.includes(move.needs)) return `needs_${move.needs}`;
  return null;
}

/**
 * Changing a course's courier without changing its status (issue 38: staff reassign), beside the table of moves: who may
 * do it, and in which statuses. A courier's own hand-back is a move of the table (back to pending).
 */
export const COURIER_CHANGES: readonly { in: readonly CourseStatus[]; by: Mover }[] = [
  { in: ['assigned', 'en_route_pickup', 'collected', 'en_route_delivery'], by: 'staff' },
];

/**
 * Why a courier change is refused, or null: `not_allowed` when the actor may not or the course is not in progress,
 * `same_courier` when the course is already that courier's.
 */
export type CourierChangeRefusal = 'not_allowed' | 'same_courier';

export function checkCourierChange(
  course: { status: CourseStatus; courierId: string | null },
  courierId: string,
  actor: { role: Role | string },
): CourierChangeRefusal | null {
  const by = moverOf(actor.role);
  if (!COURIER_CHANGES.some((change) => change.by === by && change.in.includes(course.status))) return 'not_allowed';
  if (course.courierId === courierId) return 'same_courier';
  return null;
}

/** Why a courier hands a course back (issue 38); `other` needs a text. */
export const HAND_BACK_REASONS = ['sender_absent', 'vehicle_problem', 'too_far', 'other'] as const;
export type HandBackReason = (typeof HAND_BACK_REASONS)[number];
export const HAND_BACK_REASON_LABELS: Record<HandBackReason, string> = {
  sender_absent: 'Expéditeur absent',
  vehicle_problem: 'Problème de véhicule',
  too_far: 'Trop loin',
  other: 'Autre',
};

/** What a courier reports after collecting the parcel (issue 38); `other` needs a text. It opens a case for staff. */
export const INCIDENT_KINDS = ['recipient_absent', 'parcel_refused', 'accident', 'other'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];
export const INCIDENT_KIND_LABELS: Record<IncidentKind, string> = {
  recipient_absent: 'Destinataire absent',
  parcel_refused: 'Colis refusé',
  accident: 'Accident',
  other: 'Autre',
};

/** Incidents are reported once the parcel is in the courier's hands; before that, he hands the course back. */
export const INCIDENT_STATUSES: readonly CourseStatus[] = ['collected', 'en_route_delivery'];

/** The statuses a courier may hand a course back from (the table's moves to pending). */
export const HAND_BACK_STATUSES: readonly CourseStatus[] = ['assigned', 'en_route_pickup'];

/** The text kept for a hand-back or an incident: the label, then the courier's words (required for `other`); null when missing. */
export function reasonText(label: string, kind: string, note: string | null | undefined): string | null {
  const text = note?.trim() ?? '';
  if (kind === 'other' && !text) return null;
  return kind === 'other' ? `${label} : ${text}` : text ? `${label} : ${text}` : label;
}

export function canMove(from: CourseStatus, to: CourseStatus, by: Mover): boolean {
  return COURSE_TRANSITIONS.some((move) => move.from === from && move.to === to && move.by === by);
}

/** The reason a cancelled course shows when its canceller gave none. */
export const DEFAULT_CANCEL_REASONS: Record<Exclude<Mover, 'courier'>, string> = {
  client: 'Annulée par le client',
  staff: "Annulée par l'administration",
};

/**
 * The package types the order form offers (the spec names the field, not its values; the API takes any short text).
 * A course without one shows as the first.
 */
export const PACKAGE_TYPES = ['Standard', 'Documents', 'Petit colis', 'Colis volumineux', 'Fragile', 'Repas'] as const;
export const DEFAULT_PACKAGE_TYPE = PACKAGE_TYPES[0];

/** In progress: assigned through en_route_delivery (the tracking and navigation screens' active courses). */
export const ACTIVE_STATUSES: readonly CourseStatus[] = ['assigned', 'en_route_pickup', 'collected', 'en_route_delivery'];

/** The statuses a course ends in: nothing moves it again. */
export const ENDED_STATUSES: readonly CourseStatus[] = ['delivered', 'cancelled'];

/** Not ended yet: waiting for a courier or in progress (named, so that a query can seek them in an index). */
export const OPEN_STATUSES: readonly CourseStatus[] = COURSE_STATUSES.filter((status) => !ENDED_STATUSES.includes(status));

/** On the road: the courier rides to the pickup or to the door (the back office's « En route » filter, issue 38). */
export const EN_ROUTE_STATUSES: readonly CourseStatus[] = ['en_route_pickup', 'en_route_delivery'];

/**
 * What a list of courses can be filtered by: one status, `active` for every status in progress, `en_route` for the
 * courses whose courier is on the road, or `open` for every status not ended (waiting for a courier included: the
 * client's tracking screen).
 */
export const COURSE_STATUS_FILTERS = [...COURSE_STATUSES, 'active', 'en_route', 'open'] as const;
export type CourseStatusFilter = (typeof COURSE_STATUS_FILTERS)[number];

/** The statuses a filter lets through. */
export const statusesOf = (filter: CourseStatusFilter): readonly CourseStatus[] =>
  filter === 'active' ? ACTIVE_STATUSES : filter === 'en_route' ? EN_ROUTE_STATUSES : filter === 'open' ? OPEN_STATUSES : [filter];

const sixDigits = (n: number) => String(n).padStart(6, '0');

/** A course's number as users read it: CRS-000123. */
export const courseNumber = (n: number): string => `CRS-${sixDigits(n)}`;

/**
 * The course a typed reference names: `CRS-000123`, `crs 123`, `000123` or `123` all name course 123; null for
 * anything else (at most nine digits: the numbers fit PostgreSQL's integer).
 */
export function parseCourseNumber(text: string): number | null {
  const digits = /^(?:CRS[-\s]?)?(\d{1,9})$/i.exec(text.trim())?.[1];
  const n = digits === undefined ? 0 : Number(digits);
  return n > 0 ? n : null;
}

/** The receipt PDF's download name carries the number's digits alone: recu-coursa-000123.pdf. */
export const receiptFileName = (n: number): string => `recu-coursa-${sixDigits(n)}.pdf`;

/**
 * A person's short id for staff (the last 8 characters), where no name tells two apart; never a course's name: a
 * course is named by its number everywhere (`courseNumber`, issue 38).
 */
export const shortId = (id: string) => id.slice(-8);

/** The courier's one action button per status (spec §4); delivery itself needs the recipient's code. */
export const COURIER_NEXT_STEP: Partial<Record<CourseStatus, { to: CourseStatus; label: string }>> = {
  assigned: { to: 'en_route_pickup', label: 'Aller au retrait' },
  en_route_pickup: { to: 'collected', label: 'Colis récupéré' },
  collected: { to: 'en_route_delivery', label: 'Aller à la livraison' },
};

/** Wrong tries allowed on one delivery code before it dies. */
export const OTP_MAX_ATTEMPTS = 5;

export const DELIVERY_MESSAGES = {
  otpWrong: '❌ Code OTP incorrect. Vérifiez avec le destinataire.',
  otpDelivered: '🎉 Livraison validée avec succès !',
  otpRegenerated: 'Nouveau code OTP envoyé au destinataire',
  supportRecorded: 'Demande de support enregistrée. Notre équipe vous contactera rapidement.',
} as const;
