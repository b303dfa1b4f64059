/**
 * The access policy: whether a session is still valid, and who may see a course. Every entry point (REST
 * guard, socket handshake, periodic socket sweep, queue board, courses, tracking, receipts) asks here.
 */
import { ACTIVE_STATUSES, type CourseStatus } from './courses.js';
import { isStaff, type Role } from './roles.js';

/** What an account's row says about the sessions signed with it. */
export interface AccountState {
  isActive: boolean;
  activatedAt: Date | null;
  anonymizedAt: Date | null;
  sessionVersion: number;
}

/**
 * `valid`, `expired` (no such account, never activated, anonymised, or signed before the password changed or the
 * account was disabled) or `disabled` (the account is switched off; the sign-in screen says so).
 */
export type SessionVerdict = 'valid' | 'expired' | 'disabled';

export function sessionVerdict(account: AccountState | null | undefined, sessionVersion: number): SessionVerdict {
  if (!account || account.anonymizedAt || !account.activatedAt || account.sessionVersion !== sessionVersion) return 'expired';
  if (!account.isActive) return 'disabled';
  return 'valid';
}

/** An account that may sign in, refresh or recover its password: activated, active, not anonymised. */
export function isUsableAccount<T extends Omit<AccountState, 'sessionVersion'>>(account: T | null | undefined): account is T {
  return !!account && account.isActive && !!account.activatedAt && !account.anonymizedAt;
}

/** How a user stands to a course: its client, its courier, staff, or nothing (then they must not learn it exists). */
export type CourseRelation = 'client' | 'courier' | 'staff';

export function courseRelation(user: { id: string; role: Role | string }, course: { clientId: string; courierId: string | null }): CourseRelation | null {
  if (course.clientId === user.id) return 'client';
  if (course.courierId !== null && course.courierId === user.id) return 'courier';
  if (isStaff(user.role)) return 'staff';
  return null;
}

/** Who sees what of a course: its live view (details, tracking, room) and its receipt (never the courier's). */
export const COURSE_VIEWS = {
  live: ['client', 'courier', 'staff'],
  receipt: ['client', 'staff'],
} as const satisfies Record<string, readonly CourseRelation[]>;

export function canSeeCourse(
  user: { id: string; role: Role | string },
  course: { clientId: string; courierId: string | null },
  view: keyof typeof COURSE_VIEWS = 'live',
): boolean {
  const relation = courseRelation(user, course);
  return relation !== null && (COURSE_VIEWS[view] as readonly CourseRelation[]).includes(relation);
}

/** The courier's phone number goes to the course's client only, and only while the course is under way. */
export function canCallCourier(user: { id: string; role: Role | string }, course: { clientId: string; courierId: string | null; status: CourseStatus }): boolean {
  return course.courierId !== null && courseRelation(user, course) === 'client' && ACTIVE_STATUSES.includes(course.status);
}

/**
 * Uploaded photos: KYC photos (a courier's identity file) go to staff only; a parcel photo to staff, the client who
 * took it, and whoever sees the course it belongs to live (its courier); a proof of delivery photo to staff and the
 * course's client only, as its receipt (the courier who took it saw it on the phone).
 */
export function canSeeFile(
  user: { id: string; role: Role | string },
  file: { kind: string; uploadedById: string | null; course: { clientId: string; courierId: string | null } | null },
): boolean {
  if (isStaff(user.role)) return true;
  if (file.kind === 'proof_photo') return file.course !== null && canSeeCourse(user, file.course, 'receipt');
  if (file.kind !== 'parcel_photo') return false;
  return file.uploadedById === user.id || (file.course !== null && canSeeCourse(user, file.course));
}
