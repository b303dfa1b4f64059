/**
 * Issue 22 item 6: how long until the parcel arrives, from where the courier is and the pace they have kept. The API
 * (tracking answers) and the web (live, on each `courier:position`) compute it here, so they agree.
 */

import { ACTIVE_STATUSES, type CourseStatus } from './courses.js';
import { straightLineKm, type Coordinates } from './pricing.js';

/** The pace assumed until a courier's own is known: a moto through Conakry's traffic, km/h. */
export const CITY_AVERAGE_SPEED_KMH = 18;
/** Slower than this the courier is waiting (at the pickup, in a jam), not travelling: their pace says nothing of what is left. */
export const MIN_TRAVEL_SPEED_KMH = 3;
/** Faster than this is the GPS jumping, not a moto in town. */
export const MAX_TRAVEL_SPEED_KMH = 90;

/** Before these the parcel is still to be fetched: the way goes through the pickup. */
const BEFORE_PICKUP: readonly CourseStatus[] = ['assigned', 'en_route_pickup'];

export interface EtaInput {
  status: CourseStatus;
  /** The courier's latest position; null when none was received. */
  courier: Partial<Coordinates> | null | undefined;
  pickup: Partial<Coordinates>;
  delivery: Partial<Coordinates>;
  /** The courier's speed over the last minutes, km/h (the server observes it); null until there is one. */
  observedSpeedKmh?: number | null;
}

/**
 * The straight-line km left: courier → pickup → delivery until the parcel is collected, courier → delivery after;
 * null when the course is not under way or a point is missing.
 */
export function remainingKm({ status, courier, pickup, delivery }: EtaInput): number | null {
  if (!ACTIVE_STATUSES.includes(status)) return null;
  if (!BEFORE_PICKUP.includes(status)) return straightLineKm(courier, delivery);
  const toPickup = straightLineKm(courier, pickup);
  const pickupToDelivery = straightLineKm(pickup, delivery);
  return toPickup === null || pickupToDelivery === null ? null : toPickup + pickupToDelivery;
}

/** The speed an estimate uses: the observed one when it is a travelling pace, the city average otherwise. */
export const travelSpeedKmh = (observed: number | null | undefined): number =>
  observed != null && observed >= MIN_TRAVEL_SPEED_KMH && observed <= MAX_TRAVEL_SPEED_KMH ? observed : CITY_AVERAGE_SPEED_KMH;

/** Whole minutes to arrival, rounded up and at least 1 while under way; null when it cannot be computed. */
export function etaMinutes(input: EtaInput): number | null {
  const km = remainingKm(input);
  if (km === null) return null;
  // The epsilon keeps a quotient such as 20.000000000000004 at 20.
  return Math.max(1, Math.ceil((km / travelSpeedKmh(input.observedSpeedKmh)) * 60 - 1e-9));
}

/**
 * The arrival text of the tracking screens: « Arrivée estimée dans 12 min » when the minutes are known; otherwise the
 * spec's fixed text per status (no courier position yet, or not under way).
 */
export function arrivalEstimate(status: CourseStatus, minutes: number | null = null): string {
  if (minutes !== null) return `Arrivée estimée dans ${minutes} min`;
  switch (status) {
    case 'en_route_delivery':
      return '15-25 min';
    case 'en_route_pickup':
      return '10-20 min';
    case 'collected':
      return 'En préparation';
    case 'delivered':
      return 'Livré !';
    default:
      return 'En attente';
  }
}
