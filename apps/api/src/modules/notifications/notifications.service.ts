import { Injectable } from '@nestjs/common';
import { JobName, type MessageKind } from '@coursa/contracts';
import { JobQueue } from '../../common/queue/job-queue.service.js';

/** API side: queues messages; the worker sends them. */
@Injectable()
export class NotificationsService {
  constructor(private readonly jobs: JobQueue) {}

  sendSms(to: string, text: string, kind: MessageKind): Promise<void> {
    return this.jobs.add(JobName.SendSms, { to, text, kind });
  }

  sendEmail(to: string, text: string, kind: MessageKind): Promise<void> {
    return this.jobs.add(JobName.SendEmail, { to, text, kind });
  }
}
