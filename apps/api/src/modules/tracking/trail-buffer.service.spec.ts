import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { CourierPosition } from '@coursa/contracts';
import type { TrailPoint } from './tracking.repository.js';
import { TrailBuffer } from './trail-buffer.service.js';

const position = (index: number): CourierPosition => ({
  courier_id: 'courier-1',
  lat: 9.5 + index / 10_000,
  lng: -13.6,
  heading: null,
  speed: null,
  accuracy: null,
  at: new Date(Date.UTC(2026, 10, 25, 10, 0, index)).toISOString(),
  observed_speed_kmh: null,
});

function setUp() {
  const batches: TrailPoint[][] = [];
  const tracking = { insertTrail: jest.fn(async (points: TrailPoint[]) => void batches.push(points)) };
  const logger = { warn: jest.fn() };
  const arriving = { check: jest.fn(async (_points: TrailPoint[]) => undefined) };
  const buffer = new TrailBuffer(tracking as never, arriving as never, logger as never);
  buffer.onModuleInit();
  return { buffer, batches, tracking, logger, arriving };
}

describe('TrailBuffer', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    jest.useFakeTimers();
    t = setUp();
  });
  afterEach(async () => {
    await t.buffer.onModuleDestroy();
    jest.useRealTimers();
  });

  it('hands each written batch to the arrival watch', async () => {
    t.buffer.add(position(1), ['course-1']);
    await t.buffer.flush();
    expect(t.arriving.check).toHaveBeenCalledWith([{ position: position(1), courseId: 'course-1' }]);
  });

  it('writes as soon as 2 000 points wait, without waiting for the timer', () => {
    for (let index = 0; index < 1999; index++) t.buffer.add(position(index), ['course-1']);
    expect(t.batches).toHaveLength(0);
    t.buffer.add(position(1999), ['course-1']);
    expect(t.batches).toHaveLength(1);
    expect(t.batches[0]).toHaveLength(2000);
    expect(t.batches[0]!.at(-1)).toEqual({ position: position(1999), courseId: 'course-1' });
  });

  it('keeps one point per course the position was sent for, and one without a course between courses', async () => {
    t.buffer.add(position(0), ['course-1', 'course-2']);
    t.buffer.add(position(1), []);
    await t.buffer.flush();
    expect(t.batches).toEqual([
      [
        { position: position(0), courseId: 'course-1' },
        { position: position(0), courseId: 'course-2' },
        { position: position(1), courseId: null },
      ],
    ]);
  });

  it('writes what waits every 5 s, and nothing when nothing waits', () => {
    t.buffer.add(position(0), ['course-1']);
    t.buffer.add(position(1), ['course-1']);
    jest.advanceTimersByTime(4999);
    expect(t.batches).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(t.batches.map((batch) => batch.length)).toEqual([2]);
    jest.advanceTimersByTime(10_000);
    expect(t.tracking.insertTrail).toHaveBeenCalledTimes(1);
  });

  it('writes what is left when the process shuts down, and stops its timer', async () => {
    t.buffer.add(position(0), ['course-1']);
    await t.buffer.onModuleDestroy();
    expect(t.batches.map((batch) => batch.length)).toEqual([1]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('logs a failed write rather than failing the position that filled the batch', async () => {
    t.tracking.insertTrail.mockRejectedValueOnce(new Error('database down'));
    for (let index = 0; index < 2000; index++) t.buffer.add(position(index), ['course-1']);
    await jest.advanceTimersByTimeAsync(0);
    expect(t.logger.warn).toHaveBeenCalledWith({ err: 'database down' }, 'trail flush failed');
  });
});
