import { Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { RefundsService } from './refunds.service.js';

@Injectable()
export class RefundsProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.SendRefund]: ({ refundId, check }) => this.refunds.advance(refundId, check),
  };

  constructor(private readonly refunds: RefundsService) {}
}
