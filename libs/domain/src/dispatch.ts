import { flatKm } from './pricing.js';

/**
 * How far an offered course's pickup is from the courier (issue 24), in French: « à 850 m » under a kilometre (to
 * 50 m), « à 1,2 km » from it (to 100 m).
 */
export function formatDistance(km: number): string {
  return `à ${distanceText(km)}`;
}

/** A distance in French: « 850 m » under a kilometre (to 50 m), « 1,2 km » from it (to 100 m). */
export function distanceText(km: number): string {
  const metres = Math.max(50, Math.round((km * 1000) / 50) * 50);
  if (metres < 1000) return `${metres} m`;
  return `${String(Math.round(km * 10) / 10).replace('.', ',')} km`;
}

/** A course's trip, pickup to delivery in a straight line, as couriers see it before and while carrying it (issue 34): « Trajet : 7,4 km ». */
export function tripText(km: number): string {
  return `Trajet : ${distanceText(km)}`;
}

/** The trip of a course from its points: the straight line, km to 0.1 (what the price is made of, before rounding). */
export function tripKm(course: { pickupLatitude: number; pickupLongitude: number; deliveryLatitude: number; deliveryLongitude: number }): number {
  const km = flatKm({ latitude: course.pickupLatitude, longitude: course.pickupLongitude }, { latitude: course.deliveryLatitude, longitude: course.deliveryLongitude });
  return Math.round(km * 10) / 10;
}

/** An ended course's route length, as its client, the back office and the receipt show it: « Trajet parcouru : 7,4 km ». */
export function routeText(km: number): string {
  return `Trajet parcouru : ${distanceText(km)}`;
}

/** A position and when it was measured (the phone's clock, epoch ms). */
export interface Fix {
  latitude: number;
  longitude: number;
  ms: number;
}

/** What a handover's place says, when it says something is wrong: kept on the course for ops, the delivery stands. */
export type HandoverFlag =
  | { kind: 'far_handover'; distance_m: number; position_age_s: number }
  | { kind: 'no_recent_position'; position_age_s: number | null };

/**
 * A delivery code entered `at` (epoch ms) by a courier whose last live position is `position` (null: none kept):
 * flagged when that position is older than `maxAgeS` (or missing), or farther than `maxDistanceM` from the delivery
 * point; null when the courier was at the door.
 */
export function handoverFlag(
  position: Fix | null,
  delivery: { latitude: number; longitude: number },
  at: number,
  limits: { maxDistanceM: number; maxAgeS: number },
): HandoverFlag | null {
  if (!position) return { kind: 'no_recent_position', position_age_s: null };
  const ageS = Math.round(Math.abs(at - position.ms) / 1000);
  if (ageS > limits.maxAgeS) return { kind: 'no_recent_position', position_age_s: ageS };
  const distanceM = Math.round(flatKm(position, delivery) * 1000);
  return distanceM > limits.maxDistanceM ? { kind: 'far_handover', distance_m: distanceM, position_age_s: ageS } : null;
}

/** A flagged handover in French, for ops: « remise à 3 km du point de livraison », « remise sans position récente du livreur ». */
export function handoverFlagText(flag: { kind: HandoverFlag['kind']; distance_m: number | null }): string {
  if (flag.kind === 'far_handover' && flag.distance_m !== null) return `remise ${formatDistance(flag.distance_m / 1000)} du point de livraison`;
  return 'remise sans position récente du livreur';
}

/** A handover flag as stored (an audit line's details), read back for ops; null when there is none. */
export function readHandoverFlag(stored: unknown): { kind: HandoverFlag['kind']; distance_m: number | null; position_age_s: number | null } | null {
  if (!stored || typeof stored !== 'object') return null;
  const flag = stored as { kind?: unknown; distance_m?: unknown; position_age_s?: unknown };
  const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
  const far = flag.kind === 'far_handover';
  return { kind: far ? 'far_handover' : 'no_recent_position', distance_m: far ? numberOrNull(flag.distance_m) : null, position_age_s: numberOrNull(flag.position_age_s) };
}

/**
 * How far two fixes of one phone may be apart whatever the time between them: the phone keeps only fixes within 50 m
 * (position-filter), so two of the same place can be up to 100 m apart.
 */
export const FIX_SLACK_M = 100;

/** A move between two fixes that no courier makes (issue 24): how far, in how long, and the speed it implies. */
export interface ImpossibleMove {
  distance_m: number;
  seconds: number;
  /** Null when both fixes have the same time. */
  kmh: number | null;
}

/**
 * The move from one fix to the next when it is faster than `maxKmh` (beyond FIX_SLACK_M of GPS error), else null: a
 * jump of 20 km in 10 s is not a courier on a moto but a wrong fix, or a faked one.
 */
export function impossibleMove(from: Fix, to: Fix, maxKmh: number): ImpossibleMove | null {
  const metres = flatKm(from, to) * 1000;
  const seconds = Math.abs(to.ms - from.ms) / 1000;
  if (metres <= FIX_SLACK_M + (maxKmh / 3.6) * seconds) return null;
  return { distance_m: Math.round(metres), seconds: Math.round(seconds), kmh: seconds > 0 ? Math.round((metres / seconds) * 3.6) : null };
}

/** A position kept off the map, in French, for ops: « position improbable (saut de 20 km en 10 s) ». */
export function positionFlagText(flag: { distance_m: number; seconds: number }): string {
  const time = flag.seconds < 1 ? "moins d'une seconde" : flag.seconds < 60 ? `${flag.seconds} s` : `${Math.round(flag.seconds / 60)} min`;
  return `position improbable (saut de ${distanceText(flag.distance_m / 1000)} en ${time})`;
}

/** An impossible move as stored (an audit line's details), read back for ops; null when it is not one. */
export function readPositionFlag(stored: unknown): ImpossibleMove | null {
  if (!stored || typeof stored !== 'object') return null;
  const flag = stored as Partial<Record<keyof ImpossibleMove, unknown>>;
  if (typeof flag.distance_m !== 'number' || typeof flag.seconds !== 'number') return null;
  return { distance_m: flag.distance_m, seconds: flag.seconds, kmh: typeof flag.kmh === 'number' ? flag.kmh : null };
}
