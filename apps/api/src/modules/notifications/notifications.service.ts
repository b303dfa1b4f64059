import { Injectable } from '@nestjs/common';
import { JobName, type MessageKind } from '@coursa/contracts';
import { once } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';
import type { Email } from './email-templates.js';

/** API side: queues messages; the worker sends them. */
@Injectable()
export class NotificationsService {
  constructor(private readonly jobs: JobQueue) {}

  sendSms(to: string, text: string, kind: MessageKind): Promise<void> {
    return this.jobs.add(JobName.SendSms, { to, text, kind });
  }

  /**
   * An e-mail built by one of the templates of email-templates.ts. `onceKey`: an e-mail caused by an outbox event
   * carries the event's key (jobIds.outboxEmail), so an event relayed twice sends it once.
   */
  sendEmail(to: string, email: Email, onceKey?: string): Promise<void> {
    return this.jobs.add(JobName.SendEmail, { to, ...email }, onceKey ? once(onceKey) : undefined);
  }
}
