import { describe, expect, it, jest } from '@jest/globals';
import type { DayPartition } from './retention.repository.js';
import { TrailRetention } from './trail-retention.service.js';

const NOW = new Date('2026-11-25T10:30:00.000Z');
const day = (iso: string): DayPartition => ({ name: `courier_positions_p${iso.replaceAll('-', '')}`, day: new Date(`${iso}T00:00:00.000Z`) });

/** TrailRetention on a faked repository: the partitions it holds, the trails of some courses, what it was asked. */
function setUp(partitions: DayPartition[], stray: number[] = [0]) {
  const repository = {
    ensureDayPartitions: jest.fn(async (_first: Date, _last: Date) => 3),
    dayPartitions: jest.fn(async () => partitions),
    endedCoursesWithoutRoute: jest.fn(async (partition: DayPartition) => (partition.name.endsWith('1025') ? ['ended-course'] : [])),
    dropPartition: jest.fn(async (_partition: DayPartition) => {}),
    deleteStrayPositions: jest.fn(async (_before: Date, _limit: number) => stray.shift() ?? 0),
    trailOf: jest.fn(async (courseId: string) => (courseId === 'ended-course' ? Array.from({ length: 50 }, (_, index) => [9.5 + index / 10_000, -13.7] as [number, number]) : [])),
    saveRoute: jest.fn(async (_courseId: string, _route: [number, number][]) => true),
  };
  const trail = new TrailRetention(repository as never, { now: () => NOW } as never, { POSITION_RETENTION_DAYS: 30 } as never);
  return { trail, repository };
}

describe('TrailRetention', () => {
  it('makes the days ahead, from today to a week on', async () => {
    const { trail, repository } = setUp([]);
    expect((await trail.maintain()).made).toBe(3);
    expect(repository.ensureDayPartitions).toHaveBeenCalledWith(new Date('2026-11-25T00:00:00.000Z'), new Date('2026-12-02T00:00:00.000Z'));
  });

  it('drops each day whose positions are all past retention, keeping the routes of its ended courses first', async () => {
    // 30 days before today is 2026-10-26: that day and later stay.
    const { trail, repository } = setUp([day('2026-10-24'), day('2026-10-25'), day('2026-10-26'), day('2026-11-25')]);
    const done = await trail.maintain();
    expect(done.dropped).toEqual(['courier_positions_p20261024', 'courier_positions_p20261025']);
    expect(repository.saveRoute).toHaveBeenCalledWith('ended-course', [[9.5, -13.7], [9.5049, -13.7]]);
    expect(repository.saveRoute.mock.invocationCallOrder[0]).toBeLessThan(repository.dropPartition.mock.invocationCallOrder[1]!);
  });

  it('deletes stray positions older than the cutoff, batch after batch, until a batch is not full', async () => {
    const { trail, repository } = setUp([], [5000, 5000, 12]);
    expect((await trail.maintain()).strays).toBe(10_012);
    expect(repository.deleteStrayPositions).toHaveBeenCalledTimes(3);
    expect(repository.deleteStrayPositions).toHaveBeenCalledWith(new Date('2026-10-26T00:00:00.000Z'), 5000);
  });

  it('keeps an ended course with no trail without a route', async () => {
    const { trail, repository } = setUp([]);
    expect(await trail.keepRoute('no-trail')).toBeNull();
    expect(repository.saveRoute).not.toHaveBeenCalled();
    expect(await trail.keepRoute('ended-course')).toBe(2);
  });

  it("answers a course's kept route as it is, else its trail simplified without keeping it, else null", async () => {
    const { trail, repository } = setUp([]);
    expect(await trail.routeOf('ended-course', [[9.6, -13.6], [9.61, -13.6]])).toEqual([[9.6, -13.6], [9.61, -13.6]]);
    expect(repository.trailOf).not.toHaveBeenCalled();
    expect(await trail.routeOf('ended-course', null)).toEqual([[9.5, -13.7], [9.5049, -13.7]]);
    expect(await trail.routeOf('no-trail', null)).toBeNull();
    expect(repository.saveRoute).not.toHaveBeenCalled();
  });
});
