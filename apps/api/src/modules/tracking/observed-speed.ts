import { straightLineKm } from '@coursa/domain';

/** How far back a courier's observed speed looks. */
export const SPEED_WINDOW_MS = 5 * 60_000;
/** A shorter stretch says too little (a red light, the GPS settling): no observed speed before it. */
export const SPEED_MIN_SPAN_MS = 60_000;
/**
 * One sample kept per 10 s: at most 31 in the window, and the GPS's jitter between fixes a second apart does not add
 * up into distance.
 */
export const SPEED_SAMPLE_MS = 10_000;

export interface SpeedSample {
  latitude: number;
  longitude: number;
  /** The position's own time (the phone's clock, the same for every sample of a courier). */
  ms: number;
}

/**
 * A courier socket's recent positions and the speed they give. Plain data, kept in `socket.data`: connection state
 * recovery stores that in Redis and gives it back to the socket when it returns, on whichever process.
 */
export interface SpeedWindow {
  samples: SpeedSample[];
  kmh: number | null;
}

export const emptySpeedWindow = (): SpeedWindow => ({ samples: [], kmh: null });

/**
 * Adds a position to the window (changed in place) and answers the courier's speed, km/h to one decimal: the distance
 * along the samples over the time they span, null while they span less than SPEED_MIN_SPAN_MS. The positions' own times
 * are the clock, so a batch measured through a drop counts as it happened. A position less than SPEED_SAMPLE_MS after
 * the last sample, or older, changes nothing; one older than the whole window means the phone's clock moved back, and
 * the window starts again from it.
 */
export function observeSpeed(window: SpeedWindow, sample: SpeedSample): number | null {
  const last = window.samples.at(-1);
  if (last && sample.ms < last.ms - SPEED_WINDOW_MS) window.samples = [];
  else if (last && sample.ms < last.ms + SPEED_SAMPLE_MS) return window.kmh;
  window.samples.push(sample);
  const since = sample.ms - SPEED_WINDOW_MS;
  while (window.samples[0]!.ms < since) window.samples.shift();
  window.kmh = speedOf(window.samples);
  return window.kmh;
}

function speedOf(samples: readonly SpeedSample[]): number | null {
  const spanMs = samples.at(-1)!.ms - samples[0]!.ms;
  if (spanMs < SPEED_MIN_SPAN_MS) return null;
  let km = 0;
  for (let index = 1; index < samples.length; index++) km += straightLineKm(samples[index - 1], samples[index]) ?? 0;
  return Math.round((km / (spanMs / 3_600_000)) * 10) / 10;
}
