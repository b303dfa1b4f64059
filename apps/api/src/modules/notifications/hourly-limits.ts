import { Injectable } from '@nestjs/common';
import { PerTurnBatch } from '../../common/batching/per-turn-batch.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { TAKE } from './hourly-limits.script.js';

/** How many messages one recipient gets in an hour, counted under `counter`. */
export interface HourlyLimit {
  counter: 'sms-sent' | 'email-sent' | 'push-sent';
  perHour: number;
}

interface Taking {
  key: string;
  perHour: number;
}

/**
 * The per-recipient hourly limits of SMS and e-mails, in Redis so that every worker counts together. The messages
 * of one event-loop turn are counted in one script call: one round trip for all the jobs running at once.
 */
@Injectable()
export class HourlyLimits {
  /** At most one item per job running in this process (the queue's concurrency): well within what a script takes. */
  private readonly batch = new PerTurnBatch<Taking, number>((takings) => this.takeAll(takings));
  /** TAKE by its SHA (ioredis sends the body only when Redis does not have it yet). */
  private readonly takeEach: (keyCount: number, ...keysThenLimits: (string | number)[]) => Promise<number[]>;

  constructor(private readonly redis: RedisService) {
    redis.client.defineCommand('coursaTakeHourlyLimits', { lua: TAKE });
    const client = redis.client as unknown as { coursaTakeHourlyLimits: HourlyLimits['takeEach'] };
    this.takeEach = (...args) => client.coursaTakeHourlyLimits(...args);
  }

  /**
   * One script call for all of them on one Redis; on a cluster one per slot (issue 41: each recipient's counter is a
   * key of its own, so recipients spread over the shards), the calls sent together.
   */
  private async takeAll(takings: Taking[]): Promise<number[]> {
    const answers: number[] = new Array(takings.length);
    const indexed = takings.map((taking, index) => ({ ...taking, index }));
    await Promise.all(
      this.redis.bySlot(indexed, ({ key }) => key).map(async (group) => {
        const taken = await this.takeEach(group.length, ...group.map(({ key }) => key), ...group.map(({ perHour }) => perHour));
        group.forEach(({ index }, position) => (answers[index] = taken[position]!));
      }),
    );
    return answers;
  }

  /** Counts one message to `recipient`: 0 when it may go now, else the seconds until its hour is over. */
  take({ counter, perHour }: HourlyLimit, recipient: string): Promise<number> {
    return this.batch.add({ key: this.redis.key(counter, recipient.toLowerCase()), perHour });
  }
}
