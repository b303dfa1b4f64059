import type { CourierPositionInput } from '@coursa/contracts';
import { straightLineKm } from '@coursa/domain';

/** A fix as the phone measured it, `at` in epoch milliseconds (the geolocation timestamp). */
export type MeasuredPosition = CourierPositionInput & { at: number };

/**
 * A fix from the Geolocation API as the server takes it: a heading only when known (the API gives NaN while the phone
 * stands still, which JSON turns into null and the server refuses, a whole batch with it), the time in whole ms.
 */
export function measuredPosition({ coords, timestamp }: GeolocationPosition): MeasuredPosition {
  const known = (value: number | null) => (value !== null && Number.isFinite(value) ? value : undefined);
  return {
    lat: coords.latitude,
    lng: coords.longitude,
    heading: known(coords.heading),
    speed: known(coords.speed),
    accuracy: known(coords.accuracy),
    at: Math.round(timestamp),
  };
}

/** A fix less precise than this (metres, the radius the phone gives) could put the courier in the wrong street: dropped. */
export const MAX_FIX_ACCURACY_M = 50;
/** Moving less than this since the last fix kept is GPS noise around a courier standing still… */
export const MIN_MOVE_M = 10;
/** …unless this long has passed: a courier standing still is still sent now and then. */
export const STILL_RESEND_MS = 15_000;

/**
 * Sends less when it can (issue 22, as Fleetbase's and Enatega's courier apps do): keeps a fix only when it is precise
 * enough and the courier moved MIN_MOVE_M since the last one kept, or STILL_RESEND_MS passed since it. Time is the
 * fixes' own, so a run of fixes measured offline is judged as it happened.
 */
export function createPositionFilter(): (fix: MeasuredPosition) => boolean {
  let lastKept: MeasuredPosition | null = null;
  return (fix) => {
    if (fix.accuracy !== undefined && fix.accuracy > MAX_FIX_ACCURACY_M) return false;
    if (lastKept && fix.at - lastKept.at < STILL_RESEND_MS && metresBetween(lastKept, fix) < MIN_MOVE_M) return false;
    lastKept = fix;
    return true;
  };
}

const metresBetween = (from: CourierPositionInput, to: CourierPositionInput) =>
  1000 * (straightLineKm({ latitude: from.lat, longitude: from.lng }, { latitude: to.lat, longitude: to.lng }) ?? Infinity);
