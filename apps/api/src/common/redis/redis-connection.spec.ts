import { describe, expect, it } from '@jest/globals';
import { Cluster, Redis } from 'ioredis';
import { isCluster, isClusterUrl, mastersOf, redisConnection } from './redis-connection.js';

describe('redisConnection', () => {
  it('connects to one server as before, with the options given', () => {
    const client = redisConnection('redis://127.0.0.1:6390/2', { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    expect(client).toBeInstanceOf(Redis);
    expect(isCluster(client)).toBe(false);
    expect(client.options).toMatchObject({ host: '127.0.0.1', port: 6390, db: 2, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    expect(mastersOf(client)).toEqual([client]);
    client.disconnect();
  });

  it('finds the master through Sentinel', () => {
    const client = redisConnection('redis+sentinel://:pw@127.0.0.1:26390,127.0.0.1:26391/coursa/1', { lazyConnect: true });
    expect(client).toBeInstanceOf(Redis);
    expect(client.options).toMatchObject({
      sentinels: [
        { host: '127.0.0.1', port: 26390 },
        { host: '127.0.0.1', port: 26391 },
      ],
      name: 'coursa',
      db: 1,
      password: 'pw',
    });
    client.disconnect();
  });

  it('makes a Cluster: cluster-wide options on it, the rest for each node, retryStrategy as the cluster’s', () => {
    const retryStrategy = () => null;
    const client = redisConnection('redis+cluster://app:pw@127.0.0.1:7390,127.0.0.1:7391', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: null,
      connectTimeout: 1000,
      retryStrategy,
    });
    expect(client).toBeInstanceOf(Cluster);
    expect(isCluster(client)).toBe(true);
    const cluster = client as Cluster;
    expect(cluster.options).toMatchObject({ lazyConnect: true, enableOfflineQueue: false });
    expect(cluster.options.clusterRetryStrategy?.(1)).toBeNull();
    expect(cluster.options.redisOptions).toEqual({ maxRetriesPerRequest: null, connectTimeout: 1000, username: 'app', password: 'pw' });
    // BullMQ reads a cluster's node options to check that workers retry forever.
    expect(cluster.options.redisOptions).not.toHaveProperty('lazyConnect');
    client.disconnect();
  });

  it('tells a cluster URL', () => {
    expect(isClusterUrl('redis://127.0.0.1:6379')).toBe(false);
    expect(isClusterUrl('redis+sentinel://s1/coursa')).toBe(false);
    expect(isClusterUrl('redis://a:7000,b:7001')).toBe(true);
    expect(isClusterUrl('redis+cluster://a:7000')).toBe(true);
  });
});
