import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QueueName, type CourierPosition } from '@coursa/contracts';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../apps/api/src/common/config/config.js';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { keySlot } from '../../apps/api/src/common/redis/redis-keys.js';
import { RedisService } from '../../apps/api/src/common/redis/redis.service.js';
import { PositionsStore } from '../../apps/api/src/modules/tracking/positions.store.js';

// Against the real Redis (TEST_REDIS_URL: one server in `npm test`, a cluster in `npm run test:redis-cluster`), under a
// prefix of its own: where Coursa's keys land (README « Redis Cluster: keys and slots »).
const prefix = `test-layout-${randomUUID().slice(0, 8)}`;
const redis = new RedisService({ REDIS_URL: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix } as AppConfig);
const jobs = new JobQueue(redis);
const positions = new PositionsStore(redis);

/** Every key under the prefix, with the master that holds it. */
async function keysByMaster(): Promise<Map<string, string>> {
  const where = new Map<string, string>();
  for (const node of redis.masters()) {
    for (const pattern of redis.patterns) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        for (const key of keys) where.set(key, `${node.options.host}:${node.options.port}`);
      } while (cursor !== '0');
    }
  }
  return where;
}

beforeAll(() => redis.onModuleInit());
afterAll(async () => {
  for (const name of Object.values(QueueName)) await jobs.queue(name).obliterate({ force: true });
  await jobs.onModuleDestroy();
  for (const [key] of await keysByMaster()) await redis.client.unlink(key);
  await redis.onModuleDestroy();
});

describe('where the keys land', () => {
  it('each queue on one slot with its own hash tag on a cluster (the queues over several masters); the names of ever on one Redis', async () => {
    const queues = Object.values(QueueName);
    for (const name of queues) await jobs.queue(name).add('layout-check', {}, { jobId: 'layout', delay: 3_600_000 });
    const where = await keysByMaster();
    const masters = new Set<string>();
    for (const name of queues) {
      const own = [...where].filter(([key]) => key.includes(`:${name}:`));
      expect(own.length).toBeGreaterThan(1);
      const start = redis.cluster ? `{${prefix}:${name}}:${name}:` : `${prefix}:${name}:`;
      for (const [key] of own) expect(key.startsWith(start)).toBe(true);
      // On one Redis slots mean nothing, and the keys keep their old untagged names.
      if (redis.cluster) expect(new Set(own.map(([key]) => keySlot(key))).size).toBe(1);
      masters.add(own[0]![1]);
    }
    if (redis.cluster) expect(masters.size).toBeGreaterThan(1);
  });

  it('the live positions of many couriers and the GEO set together, saved in one call', async () => {
    const at = new Date().toISOString();
    const couriers = Array.from({ length: 20 }, (_, index) => `layout-courier-${index}`);
    const batch: CourierPosition[] = couriers.map((courier_id, index) => ({ courier_id, lat: 9.5 + index / 1000, lng: -13.6, heading: null, speed: null, accuracy: null, at, observed_speed_kmh: null }));
    expect(await positions.saveEachIfDue(batch, Date.now())).toEqual(couriers.map(() => true));
    expect((await positions.online()).map(({ courier_id }) => courier_id).sort()).toEqual([...couriers].sort());
    const own = [...(await keysByMaster())].filter(([key]) => key.includes('courier'));
    expect(own.length).toBeGreaterThan(couriers.length);
    if (redis.cluster) {
      for (const [key] of own) expect(key.startsWith(`{${prefix}:positions}:`)).toBe(true);
      expect(new Set(own.map(([, master]) => master)).size).toBe(1);
    } else {
      expect(own.map(([key]) => key)).toContain(`${prefix}:couriers:geo`);
      expect(own.map(([key]) => key)).toContain(`${prefix}:courier:layout-courier-0:position`);
    }
  });
});
