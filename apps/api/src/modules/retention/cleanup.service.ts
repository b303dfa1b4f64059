import { Inject, Injectable } from '@nestjs/common';
import { QueueName, type CleanupTarget } from '@coursa/contracts';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { Clock } from '../../common/security/secrets.js';
import { PositionsStore } from '../tracking/positions.store.js';
import { inBatches } from './in-batches.js';
import { RetentionRepository, type ExpiringTable } from './retention.repository.js';

/** Rows deleted per statement, and statements per run at most: a run never holds the database long. */
export const CLEANUP_BATCH = 1000;
export const CLEANUP_BATCHES = 100;
/** Redis namespaces whose every key is written with an expiry: one found without is a leftover (and the couriers' keys). */
const EXPIRING_NAMESPACES = ['rl', 'idempotency', 'sandbox', 'ops-snapshot'];

const DAY_MS = 24 * 3600_000;

/**
 * Everything besides the trail that has an end of life (issue 25, item 2), one target per repeatable `cleanup` job,
 * each in bounded batches. Audit lines and money records (payments, commissions, payouts, refunds, the ledger, cash
 * deposits) are never deleted: they are what the platform owes and is owed, and who did what (README, « End of life »).
 */
@Injectable()
export class Cleanup {
  constructor(
    private readonly retention: RetentionRepository,
    private readonly positions: PositionsStore,
    private readonly jobs: JobQueue,
    private readonly redis: RedisService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One sweep of one target; answers how many rows, jobs or keys went. */
  async run(target: CleanupTarget): Promise<number> {
    switch (target) {
      case 'outbox':
        // Published events only: one still unpublished is work the relay has not done.
        return this.sweep('outbox', this.config.OUTBOX_RETENTION_DAYS);
      case 'idempotency':
        return this.sweep('idempotency', this.config.IDEMPOTENCY_RETENTION_DAYS);
      case 'tokens':
        // A used token or code expires too: both go this long after their expiry.
        return (await this.sweep('activationTokens', this.config.TOKEN_RETENTION_DAYS)) + (await this.sweep('resetCodes', this.config.TOKEN_RETENTION_DAYS));
      case 'sessions':
        // A revoked or rotated session is refused anyway; its row goes this long after the session's expiry.
        return this.sweep('sessions', this.config.SESSION_RETENTION_DAYS);
      case 'jobs':
        return this.finishedJobs();
      case 'redis-keys':
        return (await this.positions.pruneStale()) + (await this.keysWithoutExpiry());
    }
  }

  /** Deletes a table's rows older than `days`, a batch at a time, CLEANUP_BATCHES batches at most. */
  private async sweep(table: ExpiringTable, days: number): Promise<number> {
    const before = new Date(this.clock.now().getTime() - days * DAY_MS);
    return inBatches(CLEANUP_BATCH, CLEANUP_BATCHES, () => this.retention.deleteExpired(table, before, CLEANUP_BATCH));
  }

  /** Finished jobs of every queue older than JOB_RETENTION_DAYS (completed ones go at once already; failed ones wait). */
  private async finishedJobs(): Promise<number> {
    const graceMs = this.config.JOB_RETENTION_DAYS * DAY_MS;
    let removed = 0;
    for (const name of Object.values(QueueName)) {
      for (const state of ['completed', 'failed'] as const) {
        removed += await inBatches(CLEANUP_BATCH, CLEANUP_BATCHES, async () => (await this.jobs.queue(name).clean(graceMs, CLEANUP_BATCH, state)).length);
      }
    }
    return removed;
  }

  /**
   * Keys of the expiring namespaces found without an expiry (a crash between a write and its EXPIRE), deleted. On a
   * cluster every master is scanned (SCAN answers for its own node) and each key deleted alone (keys of different slots).
   */
  private async keysWithoutExpiry(): Promise<number> {
    const patterns = [...EXPIRING_NAMESPACES.map((namespace) => `${this.redis.key(namespace)}:*`), this.positions.courierKeysPattern];
    let removed = 0;
    for (const node of this.redis.masters()) {
      for (const pattern of patterns) {
        let cursor = '0';
        do {
          const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', CLEANUP_BATCH);
          cursor = next;
          if (!keys.length) continue;
          const pipeline = node.pipeline();
          for (const key of keys) pipeline.ttl(key);
          const ttls = (await pipeline.exec()) ?? [];
          const leftovers = keys.filter((_, index) => ttls[index]?.[1] === -1);
          if (!leftovers.length) continue;
          const unlinks = node.pipeline();
          for (const key of leftovers) unlinks.unlink(key);
          removed += ((await unlinks.exec()) ?? []).reduce((sum, [, count]) => sum + Number(count ?? 0), 0);
        } while (cursor !== '0');
      }
    }
    return removed;
  }
}
