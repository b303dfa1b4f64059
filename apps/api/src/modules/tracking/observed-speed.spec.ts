import { describe, expect, it } from '@jest/globals';
import { emptySpeedWindow, observeSpeed, SPEED_WINDOW_MS, type SpeedWindow } from './observed-speed.js';

const T0 = Date.parse('2026-11-25T10:00:00Z');
/** Going north: 0.0045° of latitude is 0.4995 km (111 km per degree). */
const at = (seconds: number, northDegrees: number) => ({ latitude: 9.5 + northDegrees, longitude: -13.65, ms: T0 + seconds * 1000 });

/** Feeds positions in order and answers the speed after the last. */
function feed(window: SpeedWindow, points: readonly ReturnType<typeof at>[]) {
  let kmh: number | null = null;
  for (const point of points) kmh = observeSpeed(window, point);
  return kmh;
}

describe('observed speed', () => {
  it('is the distance over the time, once the positions span a minute', () => {
    const window = emptySpeedWindow();
    // 0.4995 km a minute, one position a second: 29.97 km/h.
    const everySecond = Array.from({ length: 60 }, (_, second) => at(second, (0.0045 * second) / 60));
    expect(feed(window, everySecond)).toBeNull();
    expect(observeSpeed(window, at(60, 0.0045))).toBe(30);
    // Only one sample per 10 s is kept.
    expect(window.samples).toHaveLength(7);
  });

  it('looks at the last 5 minutes only', () => {
    const window = emptySpeedWindow();
    // 3 minutes at 30 km/h, then 5 minutes stopped: the fast part leaves the window.
    const moving = Array.from({ length: 19 }, (_, step) => at(step * 10, 0.00075 * step));
    expect(feed(window, moving)).toBe(30);
    const stopped = Array.from({ length: 30 }, (_, step) => at(190 + step * 10, 0.00075 * 18));
    expect(feed(window, stopped)).toBe(0);
    expect(window.samples[0]!.ms).toBeGreaterThanOrEqual(window.samples.at(-1)!.ms - SPEED_WINDOW_MS);
  });

  it('ignores a position older than its last sample, and starts again when the clock moved back further than the window', () => {
    const window = emptySpeedWindow();
    expect(feed(window, [at(0, 0), at(60, 0.0045)])).toBe(30);
    expect(observeSpeed(window, at(30, 0.01))).toBe(30);
    expect(observeSpeed(window, at(60 - SPEED_WINDOW_MS / 1000 - 1, 0))).toBeNull();
    expect(window.samples).toHaveLength(1);
  });

  it('stays a plain object that survives a round trip through JSON (connection state recovery stores it)', () => {
    const window = emptySpeedWindow();
    feed(window, [at(0, 0), at(60, 0.0045)]);
    const restored = JSON.parse(JSON.stringify(window)) as SpeedWindow;
    expect(observeSpeed(restored, at(120, 0.009))).toBe(30);
  });
});
