import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { POSITION_BATCH_MAX, POSITION_BATCH_WINDOW_MS } from '@coursa/domain';
import { IDBFactory } from 'fake-indexeddb';
import { PositionBuffer } from './position-buffer';

const COURIER = '00000000-0000-4000-8000-00000000c001';
const OTHER_COURIER = '00000000-0000-4000-8000-00000000c002';
const START = Date.UTC(2026, 10, 25, 10, 0, 0);

let clock = START;
const buffer = (courierId = COURIER) => new PositionBuffer(courierId, () => clock, 'coursa-positions-test');
const at = (second: number) => ({ lat: 9.5 + second / 10_000, lng: -13.6, accuracy: 10, at: START + second * 1000 });
const seconds = (positions: { at: number }[]) => positions.map((position) => (position.at - START) / 1000);

describe('the offline position buffer', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    clock = START;
  });

  it('gives its positions oldest first, one per time', async () => {
    const kept = buffer();
    clock = START + 10_000;
    await kept.add(at(3));
    await kept.add(at(1));
    await kept.add(at(2));
    await kept.add({ ...at(2), lat: 9.6 });
    expect(seconds(kept.batch())).toEqual([1, 2, 3]);
    expect(kept.batch()[1]!.lat).toBe(9.6);
    expect(kept.size).toBe(3);
  });

  it('keeps the last 10 minutes only', async () => {
    const kept = buffer();
    await kept.add(at(0));
    await kept.add(at(60));
    clock = START + POSITION_BATCH_WINDOW_MS + 30_000;
    expect(seconds(kept.batch())).toEqual([60]);
    clock = START + POSITION_BATCH_WINDOW_MS + 61_000;
    expect(kept.batch()).toEqual([]);
  });

  it(`keeps ${POSITION_BATCH_MAX} positions at most, the latest`, async () => {
    const kept = buffer();
    clock = START + POSITION_BATCH_WINDOW_MS;
    for (let second = 1; second <= POSITION_BATCH_MAX + 5; second++) void kept.add(at(second / 2));
    const batch = kept.batch();
    expect(batch).toHaveLength(POSITION_BATCH_MAX);
    expect(seconds([batch[0]!, batch.at(-1)!])).toEqual([3, (POSITION_BATCH_MAX + 5) / 2]);
  });

  it('forgets what was sent and keeps what came meanwhile', async () => {
    const kept = buffer();
    clock = START + 10_000;
    await kept.add(at(1));
    await kept.add(at(2));
    const sent = kept.batch();
    await kept.add(at(3));
    await kept.remove(sent);
    expect(seconds(kept.batch())).toEqual([3]);
    // Nor does a reload bring them back.
    const reloaded = buffer();
    await reloaded.restore();
    expect(seconds(reloaded.batch())).toEqual([3]);
  });

  it('survives a reload, within its bounds, and merges with what was measured since', async () => {
    const before = buffer();
    await before.add(at(0));
    await before.add(at(5));
    clock = START + POSITION_BATCH_WINDOW_MS + 1000;
    const after = buffer();
    void after.add(at(700));
    await after.restore();
    expect(seconds(after.batch())).toEqual([5, 700]);
    // What fell out of the window is gone from the phone too.
    const again = buffer();
    await again.restore();
    expect(seconds(again.batch())).toEqual([5, 700]);
  });

  it('never gives a courier the positions another one kept on this phone, and deletes them', async () => {
    clock = START + 10_000;
    await buffer(OTHER_COURIER).add(at(1));
    const mine = buffer();
    await mine.restore();
    expect(mine.batch()).toEqual([]);
    const theirs = buffer(OTHER_COURIER);
    await theirs.restore();
    expect(theirs.batch()).toEqual([]);
  });
});
