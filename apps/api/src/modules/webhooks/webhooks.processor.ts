import { Inject, Injectable } from '@nestjs/common';
import { JobName, type SendWebhookPayload } from '@coursa/contracts';
import { DelayedError, type Job } from 'bullmq';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { Clock, SecretBox } from '../../common/security/secrets.js';
import { RecordAttemptUseCase } from './use-cases/record-attempt.use-case.js';
import { WEBHOOK_SENDER, type WebhookSender } from './webhook-sender.js';
import { signatureHeaders, webhookIdOf } from './webhook-signature.js';
import { WebhooksRepository, type DeliveryToSend } from './webhooks.repository.js';

/** How long after the delivery it waits for a delivery waiting for an earlier one is looked at again. */
export const ORDER_RECHECK_MS = 500;

/**
 * Sends merchants' webhooks: one `send-webhook` job per delivery, which tries it, logs the try (RecordAttemptUseCase)
 * and, while it has tries left, waits in the queue as a delayed job until the next (moveToDelayed: the job keeps its
 * id, so a delivery has one job at a time; a crash between the log and the move makes the stalled job try once more).
 *
 * Order: an endpoint gets each event of a course once, and in the order the course moved. Deliveries of one endpoint
 * and course are ordered by their outbox event's id (the course's row lock orders its events); a delivery is not sent
 * while an earlier one of the same endpoint and course is unfinished (pending: being sent or waiting for a retry) or
 * while an earlier event of the course is still being relayed (its delivery may not be written yet). Then the job
 * waits in the queue until that earlier delivery's next try, and ORDER_RECHECK_MS more, and looks again: an earlier
 * delivery ends (succeeded, or failed for good after its ~3 days) before a later one is sent.
 */
@Injectable()
export class WebhooksProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.SendWebhook]: (payload, job) => this.send(payload, job),
  };

  constructor(
    private readonly deliveries: WebhooksRepository,
    private readonly record: RecordAttemptUseCase,
    @Inject(WEBHOOK_SENDER) private readonly sender: WebhookSender,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  private async send({ deliveryId }: SendWebhookPayload, job: Job<SendWebhookPayload>): Promise<void> {
    const delivery = await this.deliveries.forSending(deliveryId);
    // Done already (a job added twice, a replay's round finished), or its endpoint deleted: nothing to send.
    if (!delivery || delivery.status !== 'pending') return;
    // A disabled endpoint gets nothing; its merchant may replay the period once it is on again.
    if (delivery.endpoint.disabledAt) return this.deliveries.abandon(delivery.id);
    const now = this.clock.now();
    if (delivery.nextAttemptAt && delivery.nextAttemptAt > now) return this.later(job, delivery.nextAttemptAt);
    const earlier = await this.deliveries.earlierUnfinished(delivery);
    if (earlier) return this.later(job, new Date(Math.max(earlier.nextAttemptAt?.getTime() ?? 0, now.getTime()) + ORDER_RECHECK_MS));

    // The body as built when the event happened: the same bytes on every try (jsonb gives its keys in one order).
    const body = JSON.stringify(delivery.payload);
    const answer = await this.sender.post(delivery.endpoint.url, signatureHeaders(webhookIdOf(delivery.id), now, body, this.secretsOf(delivery, now)), body);
    const { retryAt } = await this.record.execute(delivery, answer, now);
    if (retryAt) return this.later(job, retryAt);
    // Replayed while it was being tried: the replay's round is this job's to send.
    if (await this.deliveries.isPending(delivery.id)) return this.later(job, this.clock.now());
  }

  /** The endpoint's secret, and the one a rotation replaced while it still signs beside it. */
  private secretsOf({ endpoint }: DeliveryToSend, now: Date): string[] {
    const previous = endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? [this.box.open(endpoint.previousSecretSealed)] : [];
    return [this.box.open(endpoint.secretSealed), ...previous];
  }

  /** The job waits in the queue until `at`, then runs again. */
  private async later(job: Job, at: Date): Promise<never> {
    await job.moveToDelayed(at.getTime(), job.token);
    throw new DelayedError();
  }
}
