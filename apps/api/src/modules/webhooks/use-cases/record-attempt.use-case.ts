import { Inject, Injectable } from '@nestjs/common';
import { webhookRetryDelay } from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import type { Tx } from '../../../common/prisma/transaction.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { Clock } from '../../../common/security/secrets.js';
import { succeeded, type WebhookAnswer } from '../webhook-sender.js';
import { WebhooksRepository, type DeliveryToSend } from '../webhooks.repository.js';

export const disabledReason = (failures: number) =>
  `Désactivé automatiquement : ${failures} webhooks d’affilée n’ont pas pu être remis, malgré les nouvelles tentatives.`;

/** What comes after a try: another one at `retryAt`, or nothing (done: succeeded, failed for good, or reset by a replay). */
export interface AfterTry {
  retryAt: Date | null;
}

/**
 * One try of a delivery, written in its log, and what it means, in one transaction: a 2xx is a success (the endpoint's
 * failures in a row start again from zero); another answer or none is tried again on the schedule of libs/domain
 * (webhookRetryDelay: about three days), then fails for good. A delivery failed for good counts one more failure in a
 * row for its endpoint; at WEBHOOK_DISABLE_AFTER_FAILURES the endpoint is disabled and the `webhook.disabled` event
 * tells its merchant by e-mail. A delivery a replay reset while it was being tried is left to the replay's round.
 */
@Injectable()
export class RecordAttemptUseCase {
  constructor(
    private readonly deliveries: WebhooksRepository,
    private readonly outbox: OutboxRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(delivery: DeliveryToSend, answer: WebhookAnswer, attemptedAt: Date): Promise<AfterTry> {
    const tries = delivery.attempts + 1;
    const now = this.clock.now();
    // Most tries succeed: their three writes are one statement, atomic on its own (the worker's profile, README « Queue »).
    if (succeeded(answer)) {
      await this.deliveries.recordSuccess({ deliveryId: delivery.id, attemptedAt, ...answer }, delivery.nextAttemptAt, { attempts: tries, deliveredAt: now });
      return { retryAt: null };
    }
    return this.uow.run(async (tx) => {
      await this.deliveries.addAttempt(tx, { deliveryId: delivery.id, attemptedAt, ...answer });
      const settle = (change: Parameters<WebhooksRepository['settle']>[3]) => this.deliveries.settle(tx, delivery.id, delivery.nextAttemptAt, change);
      const wait = webhookRetryDelay(tries, this.config.WEBHOOK_RETRY_BASE_MS, this.config.WEBHOOK_MAX_ATTEMPTS);
      if (wait !== null) {
        const retryAt = new Date(now.getTime() + wait);
        return { retryAt: (await settle({ status: 'pending', attempts: tries, nextAttemptAt: retryAt })) ? retryAt : null };
      }
      if (await settle({ status: 'failed', attempts: tries, nextAttemptAt: null })) await this.countFailure(tx, delivery.endpointId, now);
      return { retryAt: null };
    });
  }

  /** One more delivery failed for good in a row, under the endpoint's lock; past the limit the endpoint is disabled. */
  private async countFailure(tx: Tx, endpointId: string, now: Date) {
    const endpoint = await this.deliveries.lockForFailures(tx, endpointId);
    if (!endpoint || endpoint.disabledAt) return;
    const failures = endpoint.consecutiveFailures + 1;
    if (failures < this.config.WEBHOOK_DISABLE_AFTER_FAILURES) {
      await this.deliveries.update(tx, endpointId, { consecutiveFailures: failures });
      return;
    }
    const reason = disabledReason(failures);
    await this.deliveries.update(tx, endpointId, { consecutiveFailures: failures, disabledAt: now, disabledReason: reason });
    await this.outbox.add(tx, {
      type: 'webhook.disabled',
      aggregateType: 'webhook_endpoint',
      aggregateId: endpointId,
      payload: { endpointId, merchantId: endpoint.merchantId, url: endpoint.url, reason },
    });
  }
}
