import { Inject, Injectable } from '@nestjs/common';
import { JobName, type SendPushPayload } from '@coursa/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { LOGGER } from '../../common/logging/logger.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { HourlyLimits } from '../notifications/hourly-limits.js';
import { PUSH_SENDER, PushRefused, type PushSender } from './push-sender.js';
import { PushRepository } from './push.repository.js';

/**
 * Worker side of Web Push: one job pushes one message to every device of a user. At most PUSH_PER_USER_PER_HOUR pushes
 * a user an hour: past it a push is dropped (an offer or a step told an hour late would mislead), where an SMS waits.
 * A subscription the push service no longer knows (404, 410) is removed; one that fails for a while is retried with
 * the job, the devices already reached being skipped.
 */
@Injectable()
export class PushProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.SendPush]: (payload, job) => this.push(payload, job),
  };

  constructor(
    private readonly subscriptions: PushRepository,
    @Inject(PUSH_SENDER) private readonly sender: PushSender,
    private readonly limits: HourlyLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private async push(payload: SendPushPayload, job: Job<SendPushPayload>) {
    const devices = (await this.subscriptions.ofUser(payload.userId)).filter(({ id }) => !payload.sent?.includes(id));
    if (!devices.length) return;
    // Counted once per job: its retries are the same push.
    if (!payload.sent && (await this.limits.take({ counter: 'push-sent', perHour: this.config.PUSH_PER_USER_PER_HOUR }, payload.userId))) {
      this.logger.info({ userId: payload.userId, kind: payload.message.kind }, 'push dropped: hourly limit reached');
      return;
    }
    const sent = [...(payload.sent ?? [])];
    const body = JSON.stringify(payload.message);
    let failure: Error | undefined;
    for (const device of devices) {
      try {
        if ((await this.sender.send(device, body)) === 'gone') await this.subscriptions.remove(device.id);
        sent.push(device.id);
      } catch (error) {
        if (error instanceof PushRefused) {
          this.logger.warn({ userId: payload.userId, subscriptionId: device.id, err: error.message }, 'push refused');
          sent.push(device.id);
        } else failure = error as Error;
      }
    }
    if (!failure) return;
    await job.updateData({ ...payload, sent });
    if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) throw new UnrecoverableError(failure.message);
    throw failure;
  }
}
