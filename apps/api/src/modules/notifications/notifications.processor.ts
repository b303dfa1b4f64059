import { Inject, Injectable } from '@nestjs/common';
import { JobName, type SendMessagePayload } from '@coursa/contracts';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { EMAIL_DRIVER, PermanentSendError, SMS_DRIVER, type MessageDriver } from './drivers/message-driver.js';

const HOUR_MS = 3600_000;

/** Worker side: sends queued SMS and emails, at most SMS_PER_PHONE_PER_HOUR SMS to one phone. */
@Injectable()
export class NotificationsProcessor implements JobProcessor {
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
    const hour = Math.floor(Date.now() / HOUR_MS);
    const key = this.redis.key('sms-sent', payload.to, String(hour));
    const sent = await this.redis.client.incr(key);
    await this.redis.client.expire(key, 3600, 'NX');
    if (sent > this.config.SMS_PER_PHONE_PER_HOUR) {
      // Over the per-phone limit: keep the message, send it in the next hour.
      await this.redis.client.decr(key);
      await job.moveToDelayed((hour + 1) * HOUR_MS + Math.floor(Math.random() * 60_000), job.token);
      throw new DelayedError();
    }
    await this.deliver(this.sms, payload);
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
