import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { PayoutsWorkerModule } from '../payouts/payouts.module.js';
import { CommissionRunsController, EarningsController } from './commissions.controller.js';
import { CommissionsProcessor } from './commissions.processor.js';
import { CommissionsRepository } from './commissions.repository.js';
import { WeeklyRunScheduler } from './commissions.scheduler.js';
import { CommissionsService } from './commissions.service.js';
import { RequestEarlyPaymentUseCase } from './use-cases/request-early-payment.use-case.js';

/** API side: couriers' earnings and early payment requests, staff's on-demand weekly run. */
@Module({ controllers: [EarningsController, CommissionRunsController], providers: [CommissionsService, CommissionsRepository, RequestEarlyPaymentUseCase], exports: [CommissionsService] })
export class CommissionsModule {}

/** Worker side: the weekly run and its schedule. */
@Module({ imports: [AuditModule, PayoutsWorkerModule], providers: [CommissionsProcessor, WeeklyRunScheduler], exports: [CommissionsProcessor] })
export class CommissionsWorkerModule {}
