import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../common/config/config.js';
import { keySlot } from '../../common/redis/redis-keys.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { HourlyLimits } from './hourly-limits.js';

// Against the real Redis, under a prefix of its own.
const prefix = `test-hourly-limits-${randomUUID()}`;
const redis = new RedisService({ REDIS_URL: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix } as AppConfig);
const limits = new HourlyLimits(redis);
const SMS = { counter: 'sms-sent', perHour: 3 } as const;
const EMAIL = { counter: 'email-sent', perHour: 1 } as const;

/** The commands this client sends to Redis while `work` runs. */
async function commandsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  // A Cluster sends its commands through its own sendCommand too.
  const client = redis.client as Redis;
  const original = client.sendCommand.bind(client);
  client.sendCommand = (command, ...rest) => {
    sent.push(command.name);
    return original(command, ...rest);
  };
  try {
    await work();
  } finally {
    client.sendCommand = original;
  }
  return sent;
}

beforeAll(() => redis.onModuleInit());
afterAll(async () => {
  for (const node of redis.masters()) {
    const keys = await node.keys(`${prefix}:*`);
    await Promise.all(keys.map((key) => node.del(key)));
  }
  await redis.onModuleDestroy();
});

describe('HourlyLimits', () => {
  it("lets SMS_PER_PHONE_PER_HOUR texts through, then answers the seconds left in the recipient's hour, without counting those", async () => {
    const phone = '+224620000001';
    const answers = await Promise.all(Array.from({ length: 5 }, () => limits.take(SMS, phone)));
    expect(answers.slice(0, 3)).toEqual([0, 0, 0]);
    for (const secondsLeft of answers.slice(3)) expect(secondsLeft).toBeGreaterThan(3590);
    expect(await redis.client.get(`${prefix}:sms-sent:${phone}`)).toBe('3');
    const ttl = await redis.client.ttl(`${prefix}:sms-sent:${phone}`);
    expect(ttl).toBeGreaterThan(3590);
    expect(ttl).toBeLessThanOrEqual(3600);
    expect(await limits.take(SMS, phone)).toBeGreaterThan(3590);
  });

  it('counts the messages of one event-loop turn in one round trip, each recipient and channel on its own', async () => {
    const phones = Array.from({ length: 50 }, (_, index) => `+22462100${String(index).padStart(4, '0')}`);
    let answers: number[] = [];
    const commands = await commandsDuring(async () => {
      answers = await Promise.all([...phones.map((phone) => limits.take(SMS, phone)), limits.take(EMAIL, 'Fanta@Exemple.gn'), limits.take(EMAIL, 'fanta@exemple.gn')]);
    });
    // On a Redis Cluster (npm run test:redis-cluster): one call per slot, each recipient's counter being a key of its own.
    const keys = [...phones.map((phone) => `${prefix}:sms-sent:${phone}`), `${prefix}:email-sent:fanta@exemple.gn`];
    // (A master that has not seen the script yet answers NOSCRIPT, and ioredis sends it again as EVAL.)
    if (redis.cluster) expect(commands.filter((name) => name === 'evalsha')).toHaveLength(new Set(keys.map(keySlot)).size);
    else expect(commands).toHaveLength(1);
    expect(answers.slice(0, 50)).toEqual(phones.map(() => 0));
    // An address is one recipient whatever its case: the second e-mail waits.
    expect(answers[50]).toBe(0);
    expect(answers[51]).toBeGreaterThan(3590);
  });

  it('fails the messages of a turn when Redis cannot answer (their jobs are tried again)', async () => {
    const unreachable = new RedisService({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: prefix } as AppConfig);
    try {
      await expect(new HourlyLimits(unreachable).take(SMS, '+224620000002')).rejects.toThrow();
    } finally {
      await unreachable.onModuleDestroy();
    }
  });
});
