import { flatKm } from './pricing.js';

/**
 * How far an offered course's pickup is from the courier (issue 24), in French: « à 850 m » under a kilometre (to
 * 50 m), « à 1,2 km » from it (to 100 m).
 */
export function formatDistance(km: number): string {
  const metres = Math.max(50, Math.round((km * 1000) / 50) * 50);
  if (metres < 1000) return `à ${metres} m`;
  return `à ${String(Math.round(km * 10) / 10).replace('.', ',')} km`;
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
