/**
 * Actions a courier made without network, sent later (issue 22): the device's time (`occurred_at`) is kept when it is
 * plausible, the server's own (`received_at`) beside it.
 */

/** How far ahead of the server's clock a device's time may be: phones' clocks run a little fast or slow. */
export const MAX_CLOCK_SKEW_MS = 2 * 60_000;

/** The positions a courier's phone keeps through a drop: the last 10 minutes, one a second at most. */
export const POSITION_BATCH_WINDOW_MS = 10 * 60_000;
export const POSITION_BATCH_MAX = 600;

/**
 * A position measured more than a day before the server's now (issue 34): no phone keeps one that long (it keeps ten
 * minutes), so its clock is wrong (1970 after a reset) and none of the batch's times can be believed.
 */
export const POSITION_MAX_AGE_MS = 24 * 60 * 60_000;

export type OccurredAtRefusal = 'in_future' | 'before_previous_step' | 'before_course';

export const OCCURRED_AT_REFUSALS: readonly OccurredAtRefusal[] = ['in_future', 'before_previous_step', 'before_course'];

export const OCCURRED_AT_MESSAGES: Record<OccurredAtRefusal, string> = {
  in_future: "L'heure de l'action (occurred_at) est dans le futur : vérifiez l'heure du téléphone.",
  before_previous_step: "L'heure de l'action (occurred_at) précède l'étape précédente de la course.",
  before_course: "L'heure de l'action (occurred_at) précède la création de la course : vérifiez l'heure du téléphone.",
};

/** The refusals of a device's time, in French, for positions (issue 34: a time out of the plausible window is refused). */
export const POSITION_TIME_MESSAGES = {
  inFuture: "Position datée dans le futur : vérifiez l'heure du téléphone.",
  tooOld: "Position datée de plus de 10 minutes : vérifiez l'heure du téléphone.",
  absurd: "Position datée de plus de 24 heures : vérifiez l'heure du téléphone.",
  olderThanLast: 'Position plus ancienne que la dernière reçue : écartée.',
} as const;

/** When the course reached its current status: the time of its latest step known, or its creation (null: none known). */
export function previousStepAt(course: {
  statusAt?: Date | null;
  assignedAt?: Date | null;
  pickupTime?: Date | null;
  createdAt?: Date | null;
}): Date | null {
  const known = [course.statusAt, course.assignedAt, course.pickupTime, course.createdAt].filter((time): time is Date => !!time);
  return known.length ? new Date(Math.max(...known.map((time) => time.getTime()))) : null;
}

/**
 * Why a device's time is not believed, or null when it is: later than the server's now plus the allowed skew, earlier
 * than the course's creation (`courseCreatedAt`, issue 34: an `occurred_at` of 1970 is a phone whose clock was reset)
 * or than its previous step by more than that skew (the steps happened in order; a previous step the server timed
 * itself, such as the acceptance, may look a little later than a phone whose clock runs slow).
 */
export function checkOccurredAt(occurredAt: Date, now: Date, previous: Date | null = null, courseCreatedAt: Date | null = null): OccurredAtRefusal | null {
  if (occurredAt.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) return 'in_future';
  if (courseCreatedAt && occurredAt.getTime() < courseCreatedAt.getTime() - MAX_CLOCK_SKEW_MS) return 'before_course';
  if (previous && occurredAt.getTime() < previous.getTime() - MAX_CLOCK_SKEW_MS) return 'before_previous_step';
  return null;
}

export type PositionTimeRefusal = keyof typeof POSITION_TIME_MESSAGES;

/**
 * Why a live position's device time is not believed (issue 34), or null: in the future beyond the clock skew, measured
 * more than POSITION_BATCH_WINDOW_MS before the server's now (a live position is fresh; one kept through a drop goes in
 * a batch), or before the last one the server accepted from the courier (`lastMs`: the live position only moves on).
 */
export function checkPositionTime(ms: number, nowMs: number, lastMs?: number): PositionTimeRefusal | null {
  if (ms > nowMs + MAX_CLOCK_SKEW_MS) return 'inFuture';
  if (ms < nowMs - POSITION_BATCH_WINDOW_MS) return 'tooOld';
  if (lastMs !== undefined && ms < lastMs) return 'olderThanLast';
  return null;
}

/**
 * The time a step is recorded at: the device's when plausible, kept between the previous step and the server's now
 * (a clock running up to MAX_CLOCK_SKEW_MS fast or slow is believed, not its future nor a step before the last one).
 */
export function stepTime(occurredAt: Date | undefined, now: Date, previous: Date | null = null): Date {
  if (!occurredAt || occurredAt.getTime() >= now.getTime()) return now;
  return previous && occurredAt.getTime() < previous.getTime() ? previous : occurredAt;
}
