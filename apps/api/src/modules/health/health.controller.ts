import { Controller, Get, Res } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { Draining } from '../../common/startup/draining.js';
import { HealthRepository } from './health.repository.js';

const TIMEOUT_MS = 2000;

const within = <T>(promise: Promise<T>) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS))]);

@Controller('health')
export class HealthController {
  constructor(
    private readonly database: HealthRepository,
    private readonly redis: RedisService,
    private readonly draining: Draining,
  ) {}

  /**
   * 200 when PostgreSQL and Redis answer, 503 otherwise (for load balancers and `npm start`), and 503 `draining` from
   * the moment the process is told to stop (SIGTERM): the load balancer takes it out while it finishes its work.
   */
  @Public()
  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<RouteAnswer<'GET /api/health'>> {
    const [database, redis] = await Promise.all([
      within(this.database.ping()).then(() => 'up' as const, () => 'down' as const),
      within(this.redis.client.ping()).then(() => 'up' as const, () => 'down' as const),
    ]);
    const healthy = database === 'up' && redis === 'up';
    const status = this.draining.active ? 'draining' : healthy ? 'ok' : 'degraded';
    reply.status(status === 'ok' ? 200 : 503);
    return { status, database, redis };
  }
}
