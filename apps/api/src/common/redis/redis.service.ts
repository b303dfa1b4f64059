import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { isCluster, mastersOf, redisConnection, type RedisClient } from './redis-connection.js';
import { bySlot, groupKey, prefixPatterns, queuePrefix } from './redis-keys.js';

/**
 * The API's Redis connection (rate limits, live state); keys are namespaced by REDIS_PREFIX. REDIS_URL may name one
 * server, a Sentinel set or a cluster (redis-connection.ts); on a cluster, keys used together carry a hash tag
 * (redis-keys.ts, README « Redis Cluster: keys and slots »).
 */
@Injectable()
export class RedisService implements OnModuleInit, OnModuleDestroy {
  readonly client: RedisClient;
  readonly prefix: string;
  /** Whether REDIS_URL names a cluster: keys used together then carry a hash tag. */
  readonly cluster: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = config.REDIS_PREFIX;
    // Fail fast when Redis is down instead of queueing commands: the API answers 503 at once.
    this.client = redisConnection(config.REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    this.cluster = isCluster(this.client);
    // Connection errors surface on the commands that fail (as 503); the client reconnects by itself.
    this.client.on('error', () => {});
  }

  async onModuleInit() {
    // Something built before init (a queue of the dashboard) may have connected it already.
    if (this.client.status === 'wait') await this.client.connect();
  }

  /** A key used alone (single-key commands only): on a cluster, the whole key chooses its slot. */
  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  /** A key of a group used together in multi-key calls: on a cluster the group is its hash tag, one slot for all. */
  groupKey(group: string, ...parts: string[]): string {
    return groupKey(this.prefix, group, this.cluster, ...parts);
  }

  /** BullMQ's prefix for a queue: one hash tag per queue on a cluster. */
  queuePrefix(queue: string): string {
    return queuePrefix(this.prefix, queue, this.cluster);
  }

  /** Items split by the slot of their key (one group when not on a cluster): one multi-key call per group. */
  bySlot<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
    return bySlot(items, keyOf, this.cluster);
  }

  /** Every master's own connection: SCAN answers only for the node it is sent to. */
  masters(): Redis[] {
    return mastersOf(this.client);
  }

  /** SCAN patterns of every key under this prefix, tagged or not. */
  get patterns(): string[] {
    return prefixPatterns(this.prefix);
  }

  async onModuleDestroy() {
    this.client.disconnect();
  }
}
