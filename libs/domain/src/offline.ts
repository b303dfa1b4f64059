/**
 * Actions a courier made without network, sent later (issue 22): the device's time (`occurred_at`) is kept when it is
 * plausible, the server's own (`received_at`) beside it.
 */

/** How far ahead of the server's clock a device's time may be: phones' clocks run a little fast or slow. */
export const MAX_CLOCK_SKEW_MS = 2 * 60_000;

/** The positions a courier's phone keeps through a drop: the last 10 minutes, one a second at most. */
export const POSITION_BATCH_WINDOW_MS = 10 * 60_000;
export const POSITION_BATCH_MAX = 600;

export type OccurredAtRefusal = 'in_future' | 'before_previous_step';

export const OCCURRED_AT_MESSAGES: Record<OccurredAtRefusal, string> = {
  in_future: "L'heure de l'action (occurred_at) est dans le futur : vérifiez l'heure du téléphone.",
  before_previous_step: "L'heure de l'action (occurred_at) précède l'étape précédente de la course.",
};

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
 * Why a device's time is not believed, or null when it is: later than the server's now plus the allowed skew, or
 * earlier than the course's previous step by more than that skew (the steps happened in order; a previous step the
 * server timed itself, such as the acceptance, may look a little later than a phone whose clock runs slow).
 */
export function checkOccurredAt(occurredAt: Date, now: Date, previous: Date | null = null): OccurredAtRefusal | null {
  if (occurredAt.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) return 'in_future';
  if (previous && occurredAt.getTime() < previous.getTime() - MAX_CLOCK_SKEW_MS) return 'before_previous_step';
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
