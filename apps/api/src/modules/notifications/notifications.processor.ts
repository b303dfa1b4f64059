import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { LOGGER } from '../../common/logging/logger.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import {
  EMAIL_DRIVER,
  PermanentSendError,
  SMS_DRIVER,
  type MessageDriver,
  type OutgoingEmail,
  type OutgoingMessage,
} from './drivers/message-driver.js';
import { HourlyLimits, type HourlyLimit } from './hourly-limits.js';
import { messagingWarnings } from './sms-texts.js';

/** This run is the job's last try: failing it, the job fails for good. */
const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * Worker side: sends queued SMS and e-mails, at most SMS_PER_PHONE_PER_HOUR texts to one phone and
 * EMAIL_PER_ADDRESS_PER_HOUR e-mails to one address.
 */
@Injectable()
export class NotificationsProcessor implements JobProcessor, OnApplicationBootstrap, OnApplicationShutdown {
  readonly handlers: JobHandlers = {
    [JobName.SendSms]: (payload, job) =>
      this.send(this.sms, payload, job, { counter: 'sms-sent', perHour: this.config.SMS_PER_PHONE_PER_HOUR }),
    [JobName.SendEmail]: (payload, job) =>
      this.send(this.email, payload, job, { counter: 'email-sent', perHour: this.config.EMAIL_PER_ADDRESS_PER_HOUR }),
  };

  constructor(
    @Inject(SMS_DRIVER) private readonly sms: MessageDriver,
    @Inject(EMAIL_DRIVER) private readonly email: MessageDriver<OutgoingEmail>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limits: HourlyLimits,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    for (const warning of messagingWarnings(this.config)) this.logger.warn(warning);
  }

  private async send<Message extends OutgoingMessage>(driver: MessageDriver<Message>, payload: Message, job: Job<Message>, limit: HourlyLimit) {
    await this.waitIfOverLimit(limit, payload.to, job);
    // Erased after a permanent refusal (below): a job retried by hand from the dashboard must not send an empty message.
    if (!payload.text) throw new UnrecoverableError('Message erased after a permanent refusal: not sent again');
    try {
      await driver.send(payload);
    } catch (error) {
      const permanent = error instanceof PermanentSendError;
      // A failed job stays in Redis for a week (DEFAULT_JOB_OPTIONS), readable on the queue board: once it will not be
      // tried again (refused for good, or its last attempt), it keeps who, what kind and why, not the code or link,
      // which the outbox relay also wipes from its table once queued.
      if (permanent || isLastAttempt(job)) await job.updateData({ ...payload, text: '', ...('html' in payload && { html: '' }) });
      if (permanent) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  /** Past the recipient's limit, the job waits for the end of their hour (plus up to a minute, to spread them out). */
  private async waitIfOverLimit(limit: HourlyLimit, recipient: string, job: Job) {
    const secondsLeft = await this.limits.take(limit, recipient);
    if (!secondsLeft) return;
    await job.moveToDelayed(Date.now() + secondsLeft * 1000 + Math.floor(Math.random() * 60_000), job.token);
    throw new DelayedError();
  }

  /** Last of the shutdown hooks: the workers have stopped taking jobs by then (WorkerHost, at module destroy). */
  async onApplicationShutdown() {
    await Promise.all([this.sms.close?.(), this.email.close?.()]);
  }
}
