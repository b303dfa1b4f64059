import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { parseRedisUrl, type RedisCredentials } from '../config/redis-url.js';

export { parseRedisUrl, redisUrlProblem, type RedisNode, type RedisTarget } from '../config/redis-url.js';

/** A connection to Coursa's Redis: one server (maybe found through Sentinel) or a cluster. */
export type RedisClient = Redis | Cluster;

/** Whether REDIS_URL names a cluster: keys then carry hash tags (redis-keys.ts). */
export function isClusterUrl(url: string): boolean {
  return parseRedisUrl(url).mode === 'cluster';
}

export function isCluster(client: RedisClient): client is Cluster {
  return client.isCluster;
}

/** A cluster's masters (each answers SCAN, CONFIG… for its own node), or the one server. */
export function mastersOf(client: RedisClient): Redis[] {
  return isCluster(client) ? client.nodes('master') : [client];
}

/** Options that mean the same for a cluster as a whole: given to the Cluster itself, the rest to each node's connection. */
const CLUSTER_LEVEL = ['lazyConnect', 'enableOfflineQueue', 'enableReadyCheck', 'enableAutoPipelining'] as const;

/**
 * The one way Coursa connects to Redis (issue 41): a `Redis` for one server or a Sentinel-watched master, a
 * `Cluster` for a cluster, with the caller's options. On a cluster, `retryStrategy` becomes the cluster's own
 * (reconnecting to the cluster as a whole; its nodes are re-found through MOVED answers and slot refreshes).
 */
export function redisConnection(url: string, options: RedisOptions = {}): RedisClient {
  const target = parseRedisUrl(url);
  switch (target.mode) {
    case 'single':
      return new Redis(target.url, options);
    case 'sentinel':
      return new Redis({
        ...options,
        sentinels: target.sentinels,
        name: target.masterName,
        db: target.db,
        ...credentialOptions(target),
        ...(target.sentinelPassword && { sentinelPassword: target.sentinelPassword }),
        ...(target.tls && { enableTLSForSentinelMode: true }),
      });
    case 'cluster': {
      const { retryStrategy, ...rest } = options;
      const clusterOptions: ClusterOptions = {};
      const nodeOptions: RedisOptions = { ...rest, ...credentialOptions(target) };
      for (const name of CLUSTER_LEVEL) {
        if (name in nodeOptions) {
          (clusterOptions as Record<string, unknown>)[name] = nodeOptions[name];
          delete nodeOptions[name];
        }
      }
      if (retryStrategy) clusterOptions.clusterRetryStrategy = (times) => retryStrategy(times);
      return new Cluster(target.nodes, { ...clusterOptions, redisOptions: nodeOptions });
    }
  }
}

function credentialOptions({ username, password, tls }: RedisCredentials): RedisOptions {
  return { ...(username && { username }), ...(password && { password }), ...(tls && { tls: {} }) };
}
