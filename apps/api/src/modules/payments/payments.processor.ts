import { Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { PaymentsService } from './payments.service.js';

@Injectable()
export class PaymentsProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.CheckPayment]: ({ paymentId, poll }) => this.payments.check(paymentId, poll),
  };

  constructor(private readonly payments: PaymentsService) {}
}
