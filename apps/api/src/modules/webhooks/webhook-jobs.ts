import { Injectable } from '@nestjs/common';
import { jobIds, JobName, QueueName } from '@coursa/contracts';
import { JobQueue } from '../../common/queue/job-queue.service.js';

/**
 * Puts deliveries in the `webhooks` queue, one job per delivery (`jobIds.webhook`): the job sends it and, between its
 * tries, waits in the queue as a delayed job. The delivery row says whether anything is left to send, so a job added
 * twice sends once, and a job for a delivery already done does nothing.
 */
@Injectable()
export class WebhookJobs {
  constructor(private readonly jobs: JobQueue) {}

  /** New deliveries: a job each, none more when an event is relayed twice (the job's id). */
  async queue(deliveryIds: readonly string[]): Promise<void> {
    for (const deliveryId of deliveryIds) await this.jobs.add(JobName.SendWebhook, { deliveryId }, { jobId: jobIds.webhook(deliveryId) });
  }

  /**
   * Deliveries sent again (a replay): their job is reused when it is still there. One waiting for its next try runs
   * now, one failed by an unexpected error is retried, one waiting or running sends the replay itself.
   */
  async sendNow(deliveryIds: readonly string[]): Promise<void> {
    const queue = this.jobs.queue(QueueName.Webhooks);
    for (const deliveryId of deliveryIds) {
      const job = await queue.getJob(jobIds.webhook(deliveryId));
      const state = job ? await job.getState() : 'unknown';
      if (state === 'delayed') await job!.promote();
      else if (state === 'failed') await job!.retry('failed');
      else if (state === 'unknown' || state === 'completed') {
        if (state === 'completed') await job!.remove();
        await this.queue([deliveryId]);
      }
    }
  }
}
