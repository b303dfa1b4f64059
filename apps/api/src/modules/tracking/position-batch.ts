import type { CourierPosition, CourierPositionInput } from '@coursa/contracts';
import { MAX_CLOCK_SKEW_MS, POSITION_BATCH_WINDOW_MS, POSITION_MAX_AGE_MS, POSITION_TIME_MESSAGES } from '@coursa/domain';

export type PreparedBatch =
  | { ok: true; points: CourierPosition[]; dropped: number }
  | { ok: false; detail: string };

/**
 * A batch of positions sent after a drop, made ready for the trail: refused whole when one is in the future (beyond
 * MAX_CLOCK_SKEW_MS) or older than POSITION_MAX_AGE_MS (1970: issue 34), since the phone's clock is wrong and none of
 * its times can be believed; the ones older than
 * POSITION_BATCH_WINDOW_MS dropped; the rest in time order, one per time (a position sent twice is kept once).
 */
export function prepareBatch(courierId: string, positions: readonly CourierPositionInput[], now: Date): PreparedBatch {
  const nowMs = now.getTime();
  const timed = positions.map((input) => ({ input, ms: new Date(input.at).getTime() }));
  if (timed.some(({ ms }) => ms > nowMs + MAX_CLOCK_SKEW_MS)) {
    return { ok: false, detail: POSITION_TIME_MESSAGES.inFuture };
  }
  if (timed.some(({ ms }) => ms < nowMs - POSITION_MAX_AGE_MS)) return { ok: false, detail: POSITION_TIME_MESSAGES.absurd };
  const fresh = timed.filter(({ ms }) => ms >= nowMs - POSITION_BATCH_WINDOW_MS).sort((a, b) => a.ms - b.ms);
  const points: CourierPosition[] = [];
  let last = Number.NaN;
  for (const { input, ms } of fresh) {
    if (ms === last) continue;
    last = ms;
    points.push({
      courier_id: courierId,
      lat: input.lat,
      lng: input.lng,
      heading: input.heading ?? null,
      speed: input.speed ?? null,
      accuracy: input.accuracy ?? null,
      at: new Date(ms).toISOString(),
      // The gateway gives the latest its speed, from the socket's window.
      observed_speed_kmh: null,
    });
  }
  return { ok: true, points, dropped: positions.length - points.length };
}
