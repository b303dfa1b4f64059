import { describe, expect, it, jest } from '@jest/globals';
import { QueueName } from '@coursa/contracts';
import { Cleanup, CLEANUP_BATCH, CLEANUP_BATCHES } from './cleanup.service.js';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const DAY_MS = 24 * 3600_000;
const CONFIG = { OUTBOX_RETENTION_DAYS: 7, IDEMPOTENCY_RETENTION_DAYS: 3, TOKEN_RETENTION_DAYS: 2, SESSION_RETENTION_DAYS: 30, JOB_RETENTION_DAYS: 7 };

function setUp(deletedPerCall: (table: string) => number = () => 0) {
  const retention = { deleteExpired: jest.fn(async (table: string, _before: Date, _limit: number) => deletedPerCall(table)) };
  const clean = jest.fn(async (_grace: number, _limit: number, _state: string) => ['1', '2']);
  const jobs = { queue: jest.fn((_name: string) => ({ clean })) };
  const positions = { pruneStale: jest.fn(async () => 4), courierKeysPattern: 'test:courier:*' };
  const node = { scan: jest.fn(async () => ['0', []]) };
  const redis = { key: (...parts: string[]) => ['test', ...parts].join(':'), masters: () => [node] };
  const cleanup = new Cleanup(retention as never, positions as never, jobs as never, redis as never, { now: () => NOW } as never, CONFIG as never);
  return { cleanup, retention, clean, jobs, positions, redis };
}

describe('Cleanup', () => {
  it('deletes each table past its own retention', async () => {
    const { cleanup, retention } = setUp(() => 5);
    expect(await cleanup.run('outbox')).toBe(5);
    expect(retention.deleteExpired).toHaveBeenLastCalledWith('outbox', new Date(NOW.getTime() - 7 * DAY_MS), CLEANUP_BATCH);
    await cleanup.run('idempotency');
    expect(retention.deleteExpired).toHaveBeenLastCalledWith('idempotency', new Date(NOW.getTime() - 3 * DAY_MS), CLEANUP_BATCH);
    expect(await cleanup.run('tokens')).toBe(10);
    expect(retention.deleteExpired.mock.calls.slice(-2).map(([table, before]) => [table, before])).toEqual([
      ['activationTokens', new Date(NOW.getTime() - 2 * DAY_MS)],
      ['resetCodes', new Date(NOW.getTime() - 2 * DAY_MS)],
    ]);
    await cleanup.run('sessions');
    expect(retention.deleteExpired).toHaveBeenLastCalledWith('sessions', new Date(NOW.getTime() - 30 * DAY_MS), CLEANUP_BATCH);
  });

  it('goes on while batches are full, and stops after CLEANUP_BATCHES in one run', async () => {
    const { cleanup, retention } = setUp(() => CLEANUP_BATCH);
    expect(await cleanup.run('outbox')).toBe(CLEANUP_BATCH * CLEANUP_BATCHES);
    expect(retention.deleteExpired).toHaveBeenCalledTimes(CLEANUP_BATCHES);
  });

  it('cleans the finished jobs of every queue, and prunes Redis', async () => {
    const { cleanup, clean, jobs, positions } = setUp();
    expect(await cleanup.run('jobs')).toBe(2 * 2 * Object.values(QueueName).length);
    expect(jobs.queue.mock.calls.map(([name]) => name)).toEqual(Object.values(QueueName).flatMap((name) => [name, name]));
    expect(clean).toHaveBeenCalledWith(7 * DAY_MS, CLEANUP_BATCH, 'failed');
    expect(await cleanup.run('redis-keys')).toBe(4);
    expect(positions.pruneStale).toHaveBeenCalled();
  });
});
