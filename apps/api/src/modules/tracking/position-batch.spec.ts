import { describe, expect, it } from '@jest/globals';
import { MAX_CLOCK_SKEW_MS, POSITION_BATCH_WINDOW_MS } from '@coursa/domain';
import { prepareBatch } from './position-batch.js';

const COURIER = '00000000-0000-4000-8000-00000000d001';
const NOW = new Date('2026-11-25T10:00:00.000Z');
const at = (secondsAgo: number) => NOW.getTime() - secondsAgo * 1000;
const point = (secondsAgo: number, lat = 9.5) => ({ lat, lng: -13.7, at: at(secondsAgo) });

describe('a batch of positions sent after a drop', () => {
  it('keeps them in time order, one per time, with their own times', () => {
    const prepared = prepareBatch(COURIER, [point(10), point(30), point(20), point(20, 9.6), point(30)], NOW);
    expect(prepared).toEqual({
      ok: true,
      dropped: 2,
      points: [30, 20, 10].map((secondsAgo) => expect.objectContaining({ courier_id: COURIER, at: new Date(at(secondsAgo)).toISOString(), heading: null })),
    });
  });

  it('takes ISO times as well as epoch milliseconds', () => {
    const prepared = prepareBatch(COURIER, [{ lat: 9.5, lng: -13.7, at: new Date(at(5)).toISOString() }], NOW);
    expect(prepared).toMatchObject({ ok: true, points: [{ at: new Date(at(5)).toISOString() }] });
  });

  it('drops the positions older than the window', () => {
    const windowSeconds = POSITION_BATCH_WINDOW_MS / 1000;
    const prepared = prepareBatch(COURIER, [point(windowSeconds + 1), point(windowSeconds), point(1)], NOW);
    expect(prepared).toMatchObject({ ok: true, dropped: 1 });
    expect(prepared.ok && prepared.points).toHaveLength(2);
  });

  it('refuses the whole batch, in French, when a time is in the future beyond the clock skew', () => {
    expect(prepareBatch(COURIER, [point(10), { lat: 9.5, lng: -13.7, at: NOW.getTime() + MAX_CLOCK_SKEW_MS + 1 }], NOW)).toEqual({
      ok: false,
      detail: "Position datée dans le futur : vérifiez l'heure du téléphone.",
    });
    expect(prepareBatch(COURIER, [{ lat: 9.5, lng: -13.7, at: NOW.getTime() + MAX_CLOCK_SKEW_MS }], NOW).ok).toBe(true);
  });
});

describe('a batch with an absurd time (issue 34)', () => {
  it('is refused whole, in French, when a time is more than a day old (a clock reset to 1970)', () => {
    expect(prepareBatch(COURIER, [point(10), { lat: 9.5, lng: -13.7, at: 0 }], NOW)).toEqual({
      ok: false,
      detail: "Position datée de plus de 24 heures : vérifiez l'heure du téléphone.",
    });
    // Older than the window but within the day: only that one is dropped, as before.
    expect(prepareBatch(COURIER, [point(10), point(3600)], NOW)).toMatchObject({ ok: true, dropped: 1 });
  });
});
