import { Injectable } from '@nestjs/common';
import { COMMON_MESSAGES, DomainError } from '../errors/domain-error.js';
import { RedisService } from '../redis/redis.service.js';

export interface RateLimit {
  /** Names the counter, e.g. "login:phone". */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counters in Redis, shared by every API process. A window opens at the first hit and lasts `windowSeconds`
 * (no clock-aligned boundary where an attacker gets twice the allowance).
 */
@Injectable()
export class RateLimiterService {
  constructor(private readonly redis: RedisService) {}

  /**
   * Counts one hit for each (limit, subject); throws 429 with Retry-After once a limit is exceeded. Each counter is a
   * key of its own: one MULTI for all on one Redis, one per slot on a cluster (issue 41), sent together.
   */
  async hit(...checks: [RateLimit, string][]): Promise<void> {
    const counted = checks.map(([limit, subject]) => ({ limit, key: this.redis.key('rl', limit.name, subject), count: 0, ttl: -1 }));
    await Promise.all(
      this.redis.bySlot(counted, ({ key }) => key).map(async (group) => {
        const pipeline = this.redis.client.multi();
        for (const { key, limit } of group) pipeline.incr(key).expire(key, limit.windowSeconds, 'NX').ttl(key);
        const results = (await pipeline.exec()) ?? [];
        group.forEach((counter, index) => {
          counter.count = Number(results[index * 3]?.[1] ?? 0);
          counter.ttl = Number(results[index * 3 + 2]?.[1] ?? counter.limit.windowSeconds);
        });
      }),
    );
    for (const { limit, count, ttl } of counted) {
      if (count > limit.max) {
        const retryAfter = Math.max(1, ttl);
        throw new DomainError('RATE_LIMITED', COMMON_MESSAGES.tooManyRequests, 429, { 'retry-after': String(retryAfter) });
      }
    }
  }

  /** Throws 429 with Retry-After when the subject is already over the limit, without counting a hit (e.g. misses counted elsewhere). */
  async refuseIfOver(limit: RateLimit, subject: string): Promise<void> {
    const key = this.redis.key('rl', limit.name, subject);
    const results = (await this.redis.client.multi().get(key).ttl(key).exec()) ?? [];
    if (Number(results[0]?.[1] ?? 0) > limit.max) {
      const retryAfter = Math.max(1, Number(results[1]?.[1] ?? limit.windowSeconds));
      throw new DomainError('RATE_LIMITED', COMMON_MESSAGES.tooManyRequests, 429, { 'retry-after': String(retryAfter) });
    }
  }
}
