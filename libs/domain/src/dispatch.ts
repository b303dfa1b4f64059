import { KM_PER_DEGREE } from './pricing.js';

/**
 * How far an offered course's pickup is from the courier (issue 24), in French: « à 850 m » under a kilometre (to
 * 50 m), « à 1,2 km » from it (to 100 m).
 */
export function formatDistance(km: number): string {
  const metres = Math.max(50, Math.round((km * 1000) / 50) * 50);
  if (metres < 1000) return `à ${metres} m`;
  return `à ${String(Math.round(km * 10) / 10).replace('.', ',')} km`;
}

/** No courier goes faster in Conakry: a position implying more from the previous one is the GPS jumping (issue 24). */
export const MAX_PLAUSIBLE_SPEED_KMH = 150;

/** A position and when it was measured (the phone's clock, epoch ms). */
export interface Fix {
  latitude: number;
  longitude: number;
  ms: number;
}

/** The speed two fixes imply, km/h along the straight line (111 km per degree, as the pricing measures it). */
export function impliedSpeedKmh(from: Fix, to: Fix): number {
  const km = KM_PER_DEGREE * Math.hypot(to.latitude - from.latitude, to.longitude - from.longitude);
  const hours = Math.abs(to.ms - from.ms) / 3_600_000;
  if (hours === 0) return km === 0 ? 0 : Number.POSITIVE_INFINITY;
  return km / hours;
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
  const distanceM = Math.round(KM_PER_DEGREE * 1000 * Math.hypot(delivery.latitude - position.latitude, delivery.longitude - position.longitude));
  return distanceM > limits.maxDistanceM ? { kind: 'far_handover', distance_m: distanceM, position_age_s: ageS } : null;
}

/** A flagged handover in French, for ops: « remise à 3 km du point de livraison », « remise sans position récente du livreur ». */
export function handoverFlagText(flag: { kind: HandoverFlag['kind']; distance_m: number | null }): string {
  if (flag.kind === 'far_handover' && flag.distance_m !== null) return `remise ${formatDistance(flag.distance_m / 1000)} du point de livraison`;
  return 'remise sans position récente du livreur';
}
