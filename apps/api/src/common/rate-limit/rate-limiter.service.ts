import { Injectable } from '@nestjs/common';
import { COMMON_MESSAGES, DomainError } from '../errors/domain-error.js';
import { RedisService } from '../redis/redis.service.js';

export interface RateLimit {
  /** Names the counter, e.g. "login:phone". */
  name: string;
  max: number;
  windowSeconds: number;
}

/** Fixed-window counters in Redis, shared by every API process. */
@Injectable()
export class RateLimiterService {
  constructor(private readonly redis: RedisService) {}

  /** Counts one hit for each (limit, subject); throws 429 with Retry-After once a limit is exceeded. */
  async hit(...checks: [RateLimit, string][]): Promise<void> {
    const now = Date.now();
    const pipeline = this.redis.client.multi();
    for (const [limit, subject] of checks) {
      const window = Math.floor(now / (limit.windowSeconds * 1000));
      const key = this.redis.key('rl', limit.name, subject, String(window));
      pipeline.incr(key).expire(key, limit.windowSeconds, 'NX');
    }
    const results = (await pipeline.exec()) ?? [];
    checks.forEach(([limit], index) => {
      const count = Number(results[index * 2]?.[1] ?? 0);
      if (count > limit.max) {
        const windowMs = limit.windowSeconds * 1000;
        const retryAfter = Math.ceil((windowMs - (now % windowMs)) / 1000);
        throw new DomainError('RATE_LIMITED', COMMON_MESSAGES.tooManyRequests, 429, {
          'retry-after': String(retryAfter),
        });
      }
    });
  }
}
