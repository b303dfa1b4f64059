import { describe, expect, it } from '@jest/globals';
import type { RedisClient } from '../../common/redis/redis-connection.js';
import { publishers } from './auth-states.js';

const node = (name: string) => ({ name, publish: async () => 1 });

describe('where an auth state change is published', () => {
  it('on one server (or the master Sentinel names): that server', () => {
    const server = { isCluster: false, ...node('server') } as unknown as RedisClient;
    expect(publishers(server)).toEqual([server]);
  });

  it('on a cluster: every node, masters and replicas, since a subscription may stand on any one', () => {
    const nodes = [node('master-1'), node('master-2'), node('replica-1')];
    const asked: string[] = [];
    const cluster = { isCluster: true, nodes: (role: string) => (asked.push(role), nodes) } as unknown as RedisClient;
    expect(publishers(cluster)).toEqual(nodes);
    expect(asked).toEqual(['all']);
  });
});
