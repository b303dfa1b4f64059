import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { JobName, type SendMessagePayload } from '@coursa/contracts';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { EMAIL_DRIVER, PermanentSendError, SMS_DRIVER, type MessageDriver } from './drivers/message-driver.js';

/** Worker side: sends queued SMS and emails, at most SMS_PER_PHONE_PER_HOUR SMS to one phone. */
@Injectable()
export class NotificationsProcessor implements JobProcessor, OnApplicationShutdown {
  readonly handlers: JobHandlers = {
    [JobName.SendSms]: (payload, job) => this.sendSms(payload, job),
    [JobName.SendEmail]: (payload) => this.deliver(this.email, payload),
  };

  constructor(
    @Inject(SMS_DRIVER) private readonly sms: MessageDriver,
    @Inject(EMAIL_DRIVER) private readonly email: MessageDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisService,
  ) {}

  private async sendSms(payload: SendMessagePayload, job: Job<SendMessagePayload>) {
    // The hour opens with the first SMS to this phone.
    const key = this.redis.key('sms-sent', payload.to);
    const results = (await this.redis.client.multi().incr(key).expire(key, 3600, 'NX').ttl(key).exec()) ?? [];
    const sent = Number(results[0]?.[1] ?? 0);
    if (sent > this.config.SMS_PER_PHONE_PER_HOUR) {
      // Over the per-phone limit: keep the message, send it when the hour is over.
      await this.redis.client.decr(key);
      const secondsLeft = Math.max(1, Number(results[2]?.[1] ?? 3600));
      await job.moveToDelayed(Date.now() + secondsLeft * 1000 + Math.floor(Math.random() * 60_000), job.token);
      throw new DelayedError();
    }
    await this.deliver(this.sms, payload);
  }

  /** Last of the shutdown hooks: the workers have stopped taking jobs by then (WorkerHost, at module destroy). */
  async onApplicationShutdown() {
    await Promise.all([this.sms.close?.(), this.email.close?.()]);
  }

  private async deliver(driver: MessageDriver, payload: SendMessagePayload) {
    try {
      await driver.send(payload);
    } catch (error) {
      if (error instanceof PermanentSendError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
