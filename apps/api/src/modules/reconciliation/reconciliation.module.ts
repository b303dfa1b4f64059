import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { PayoutsModule } from '../payouts/payouts.module.js';
import { ReconciliationController } from './reconciliation.controller.js';
import { ReconciliationRepository } from './reconciliation.repository.js';
import { ReconciliationService } from './reconciliation.service.js';
import { RefundWithoutCourseUseCase } from './use-cases/refund-without-course.use-case.js';

/** What money waits for staff, and the refund of a payment credited with no course (issue 34). */
@Module({
  imports: [PaymentsModule, PayoutsModule],
  controllers: [ReconciliationController],
  providers: [ReconciliationService, ReconciliationRepository, RefundWithoutCourseUseCase],
})
export class ReconciliationModule {}
