import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** The API's Redis connection (rate limits, live state); keys are namespaced by REDIS_PREFIX. */
@Injectable()
export class RedisService implements OnModuleInit, OnModuleDestroy {
  readonly client: Redis;
  readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = config.REDIS_PREFIX;
    // Fail fast when Redis is down instead of queueing commands: the API answers 503 at once.
    this.client = new Redis(config.REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    // Connection errors surface on the commands that fail (as 503); the client reconnects by itself.
    this.client.on('error', () => {});
  }

  async onModuleInit() {
    // Something built before init (a queue of the dashboard) may have connected it already.
    if (this.client.status === 'wait') await this.client.connect();
  }

  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  async onModuleDestroy() {
    this.client.disconnect();
  }
}
