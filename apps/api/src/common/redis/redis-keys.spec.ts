import { describe, expect, it } from '@jest/globals';
import { QueueName } from '@coursa/contracts';
import { bySlot, groupKey, hashTagOf, keySlot, prefixPatterns, queuePrefix } from './redis-keys.js';

describe('key slots', () => {
  it('hashes as CLUSTER KEYSLOT does', () => {
    // Values from the Redis Cluster specification and `CLUSTER KEYSLOT`.
    expect(keySlot('123456789')).toBe(0x31c3 % 16384);
    expect(keySlot('foo')).toBe(12182);
    expect(keySlot('bar')).toBe(5061);
    expect(keySlot('')).toBe(0);
  });

  it('hashes only the hash tag when there is one', () => {
    expect(hashTagOf('{user1000}.following')).toBe('user1000');
    expect(keySlot('{user1000}.following')).toBe(keySlot('{user1000}.followers'));
    expect(keySlot('{coursa:positions}:courier:1:position')).toBe(keySlot('{coursa:positions}:couriers:geo'));
    // Rules of the specification: the first `{`, the next `}`, and an empty tag does not count.
    expect(hashTagOf('foo{}{bar}')).toBe('foo{}{bar}');
    expect(hashTagOf('foo{{bar}}zap')).toBe('{bar');
    expect(hashTagOf('foo{bar}{zap}')).toBe('bar');
    expect(hashTagOf('no}tag{')).toBe('no}tag{');
    // UTF-8 bytes, as the keys go over the wire.
    expect(keySlot('{é}a')).toBe(keySlot('é'));
  });
});

describe('key names', () => {
  it('are unchanged on one Redis, tagged by group on a cluster', () => {
    expect(groupKey('coursa', 'positions', false, 'courier', 'c1', 'position')).toBe('coursa:courier:c1:position');
    expect(groupKey('coursa', 'positions', true, 'courier', 'c1', 'position')).toBe('{coursa:positions}:courier:c1:position');
    expect(groupKey('coursa', 'positions', true, 'courier')).toBe('{coursa:positions}:courier');
  });

  it('give each queue its own hash tag on a cluster, the plain prefix otherwise', () => {
    expect(queuePrefix('coursa', 'notifications', false)).toBe('coursa');
    expect(queuePrefix('coursa', 'notifications', true)).toBe('{coursa:notifications}');
    // BullMQ writes `<prefix>:<queue>:<key>`: all of a queue's keys on one slot, different queues on different ones.
    const slotOf = (queue: string, key: string) => keySlot(`${queuePrefix('coursa', queue, true)}:${queue}:${key}`);
    expect(slotOf('notifications', 'wait')).toBe(slotOf('notifications', 'meta'));
    const queues = Object.values(QueueName);
    expect(new Set(queues.map((queue) => slotOf(queue, 'wait'))).size).toBe(queues.length);
  });

  it('are all found by the prefix patterns, tagged or not', () => {
    const patterns = prefixPatterns('suite_1').map((pattern) => new RegExp(`^${pattern.replace(/[{}]/g, '\\$&').replace('*', '.*')}$`));
    const matched = (key: string) => patterns.some((pattern) => pattern.test(key));
    expect(['suite_1:rl:login:ip:1.2.3.4', '{suite_1:positions}:couriers:geo', '{suite_1:notifications}:notifications:wait'].every(matched)).toBe(true);
    expect(['suite_10:rl:x', '{suite_10:positions}:couriers:geo', 'other:suite_1:x'].some(matched)).toBe(false);
  });
});

describe('bySlot', () => {
  const keys = ['coursa:rl:login:ip:1', 'coursa:rl:login:phone:2', '{coursa:positions}:a', '{coursa:positions}:b', 'coursa:rl:login:ip:1'];

  it('is one group, in order, on one Redis (one call as before)', () => {
    expect(bySlot(keys, (key) => key, false)).toEqual([keys]);
    expect(bySlot([], (key: string) => key, false)).toEqual([]);
  });

  it('groups by slot on a cluster, keeping each group in first order', () => {
    const groups = bySlot(keys, (key) => key, true);
    for (const group of groups) expect(new Set(group.map(keySlot)).size).toBe(1);
    expect(groups.flat().sort()).toEqual([...keys].sort());
    expect(groups).toContainEqual(['{coursa:positions}:a', '{coursa:positions}:b']);
    expect(groups).toContainEqual(['coursa:rl:login:ip:1', 'coursa:rl:login:ip:1']);
  });
});
