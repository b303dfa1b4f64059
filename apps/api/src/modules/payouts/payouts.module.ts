import { Module } from '@nestjs/common';
import { PushModule } from '../push/push.module.js';
import { APP_CONFIG } from '../../common/config/config.js';
import { createPayoutGateway } from '../../common/money-gateways/gateways.js';
import { PAYOUT_GATEWAY } from '../../common/money-gateways/payout-gateway.js';
import { PayoutsController } from './payouts.controller.js';
import { PayoutsEvents } from './payouts.events.js';
import { PayoutsProcessor } from './payouts.processor.js';
import { PayoutsRepository } from './payouts.repository.js';
import { PayoutsService } from './payouts.service.js';
import { ApprovePayoutRequestUseCase } from './use-cases/approve-payout-request.use-case.js';
import { OpenPayout } from './use-cases/open-payout.js';
import { OpenStaffPayoutUseCase } from './use-cases/open-staff-payout.use-case.js';
import { RejectPayoutRequestUseCase } from './use-cases/reject-payout-request.use-case.js';
import { SettlePayoutUseCase } from './use-cases/settle-payout.use-case.js';
import { WeeklyRunUseCase } from './use-cases/weekly-run.use-case.js';

const payoutGateway = { provide: PAYOUT_GATEWAY, useFactory: createPayoutGateway, inject: [APP_CONFIG] };
/** The decisions on payouts, each in its unit of work. */
const useCases = [OpenPayout, SettlePayoutUseCase, ApprovePayoutRequestUseCase, RejectPayoutRequestUseCase, OpenStaffPayoutUseCase];

/** API side: staff's payments, early payment requests, payouts history. */
@Module({
  controllers: [PayoutsController],
  providers: [PayoutsService, PayoutsRepository, ...useCases, payoutGateway],
  exports: [PayoutsService],
})
export class PayoutsModule {}

/** Worker side: the weekly run's payouts and the transfers of the payout job. */
@Module({
  imports: [PushModule],
  providers: [PayoutsService, PayoutsRepository, ...useCases, WeeklyRunUseCase, PayoutsProcessor, PayoutsEvents, payoutGateway],
  exports: [PayoutsProcessor, WeeklyRunUseCase, PayoutsEvents],
})
export class PayoutsWorkerModule {}
