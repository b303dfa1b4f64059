import { Module } from '@nestjs/common';
import { CommissionsModule } from '../commissions/commissions.module.js';
import { LoyaltyModule } from '../loyalty/loyalty.module.js';
import { PaymentRecordsModule } from '../payment-records/payment-records.module.js';
import { CourseLifecycleRepository } from './course-lifecycle.repository.js';
import { CourseLifecycle } from './course-lifecycle.service.js';
import { AssignCourierUseCase } from './use-cases/assign-courier.use-case.js';

/** The one owner of course status and courier changes, for the client's, the courier's and staff's calls. */
@Module({
  imports: [PaymentRecordsModule, LoyaltyModule, CommissionsModule],
  providers: [CourseLifecycle, CourseLifecycleRepository, AssignCourierUseCase],
  exports: [CourseLifecycle, AssignCourierUseCase],
})
export class CourseLifecycleModule {}
