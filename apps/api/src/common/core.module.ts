import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConfigModule } from './config/config.module.js';
import type { AppConfig } from './config/config.js';
import { LOGGER } from './logging/logger.js';
import { OutboxModule } from './outbox/outbox.module.js';
import { PrismaModule } from './prisma/prisma.module.js';
import { QueueModule } from './queue/queue.module.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { RedisModule } from './redis/redis.module.js';
import { SecurityModule } from './security/security.module.js';
import { Draining } from './startup/draining.js';
import { StorageModule } from './storage/storage.module.js';

/** What both processes (API and worker) stand on: config, logger, PostgreSQL, Redis, queues, secrets. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        ConfigModule.forRoot(config),
        PrismaModule,
        OutboxModule,
        RedisModule,
        RealtimeModule,
        QueueModule,
        RateLimitModule,
        SecurityModule,
        StorageModule,
      ],
      // Draining: the API's shutdown state (its health answer); unused by the worker.
      providers: [{ provide: LOGGER, useValue: logger }, Draining],
      exports: [LOGGER, Draining],
    };
  }
}
