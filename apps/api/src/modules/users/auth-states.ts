import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { LOGGER } from '../../common/logging/logger.js';
import { isCluster, redisConnection, type RedisClient } from '../../common/redis/redis-connection.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { Clock } from '../../common/security/secrets.js';
import { AuthStateCache } from './auth-state-cache.js';
import { UsersRepository, type AuthState } from './users.repository.js';

/** How long a process trusts an account's auth state it read: the bound on a change announced nowhere. */
export const AUTH_STATE_TTL_MS = 5_000;
const MAX_CACHED_ACCOUNTS = 50_000;

/**
 * The auth state of accounts (role, session version, active, activated, anonymised) as every session check reads
 * it, and the one owner of telling all API processes that it changed. Each process keeps the states it read for a
 * few seconds (AuthStateCache); whoever changes one — a password changed or reset, an account disabled, enabled,
 * deleted or anonymised, a role changed — calls `changed(id)` once the change is committed, which publishes the id
 * on a Redis channel every API process listens to, and each forgets it at once. While a process is not listening
 * (Redis down, reconnecting) it keeps nothing and reads every state afresh; when it listens again it starts empty,
 * having maybe missed an announcement.
 */
@Injectable()
export class AuthStates implements OnModuleInit, OnModuleDestroy {
  private readonly cache: AuthStateCache<AuthState | null>;
  private readonly channel: string;
  private readonly subscriber: RedisClient;
  private listening = false;

  constructor(
    private readonly users: UsersRepository,
    private readonly redis: RedisService,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.cache = new AuthStateCache(AUTH_STATE_TTL_MS, MAX_CACHED_ACCOUNTS, () => clock.now().getTime());
    this.channel = redis.key('auth-state-changed');
    // Subscribed again by hand on every reconnection, so the cache is trusted only once the subscription stands.
    // On a cluster the subscription stands on any one node (ioredis picks it): see `publishers`.
    this.subscriber = redisConnection(config.REDIS_URL, { lazyConnect: true, autoResubscribe: false });
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (_channel: string, userId: string) => this.cache.forget(userId));
    this.subscriber.on('ready', () => void this.listen());
    this.subscriber.on('close', () => {
      this.listening = false;
      this.cache.clear();
    });
  }

  async onModuleInit() {
    // Without Redis the API still answers, reading every state afresh, until the subscription stands.
    await this.subscriber.connect().catch(() => {});
    await this.listen();
  }

  /** The account's auth state (null: no such account), from this process's cache while it listens. */
  read(userId: string): Promise<AuthState | null> {
    if (!this.listening) return this.users.findAuthState(userId);
    return this.cache.read(userId, (id) => this.users.findAuthState(id));
  }

  /**
   * The account's auth state changed (committed): every API process forgets what it kept of it before this returns.
   * Should Redis refuse, the change still holds: the processes that are listening see it when their copy expires.
   */
  async changed(userId: string): Promise<void> {
    this.cache.forget(userId);
    try {
      await Promise.all(publishers(this.redis.client).map((node) => node.publish(this.channel, userId)));
    } catch (error) {
      this.logger.warn({ userId, err: error }, `auth state change not announced: other API processes see it within ${AUTH_STATE_TTL_MS / 1000} s`);
    }
  }

  private async listen() {
    if (this.listening || this.subscriber.status !== 'ready') return;
    try {
      await this.subscriber.subscribe(this.channel);
    } catch {
      return;
    }
    this.cache.clear();
    this.listening = true;
  }

  onModuleDestroy() {
    this.listening = false;
    this.subscriber.disconnect();
  }
}

/**
 * Where a change is published. A node hands a message to its own subscribers before it answers the PUBLISH, but
 * passes it to the other nodes of a cluster over the cluster bus afterwards: published on one node only, a process
 * subscribed on another could still serve the old state just after the change's answer. So on a cluster each node
 * gets it (a handful of messages, for a change a user makes rarely; a process may forget the same id twice).
 */
export function publishers(client: RedisClient): Pick<RedisClient, 'publish'>[] {
  return isCluster(client) ? client.nodes('all') : [client];
}
