import { Module } from '@nestjs/common';
import { PushModule } from '../push/push.module.js';
import { APP_CONFIG } from '../../common/config/config.js';
import { createPayoutGateway, createRefundGateway } from '../../common/money-gateways/gateways.js';
import { PAYOUT_GATEWAY } from '../../common/money-gateways/payout-gateway.js';
import { REFUND_GATEWAY } from '../../common/money-gateways/refund-gateway.js';
import { RefundsController } from './refunds.controller.js';
import { RefundsEvents } from './refunds.events.js';
import { RefundsProcessor } from './refunds.processor.js';
import { RefundsRepository } from './refunds.repository.js';
import { RefundsService } from './refunds.service.js';
import { ClaimRefundUseCase } from './use-cases/claim-refund.use-case.js';
import { CompleteRefundOutsideUseCase } from './use-cases/complete-refund-outside.use-case.js';
import { CompleteRefundUseCase } from './use-cases/complete-refund.use-case.js';
import { FailRefundUseCase } from './use-cases/fail-refund.use-case.js';

const gateways = [
  { provide: REFUND_GATEWAY, useFactory: createRefundGateway, inject: [APP_CONFIG] },
  { provide: PAYOUT_GATEWAY, useFactory: createPayoutGateway, inject: [APP_CONFIG] },
];
/** The refund's transitions, each in its unit of work. */
const useCases = [ClaimRefundUseCase, CompleteRefundUseCase, CompleteRefundOutsideUseCase, FailRefundUseCase];

/** API side: staff list refunds and send those to do. */
@Module({
  controllers: [RefundsController],
  providers: [RefundsService, RefundsRepository, ...useCases, ...gateways],
})
export class RefundsModule {}

/** Worker side: the refund job (provider refunds, and checks of transfers still under way). */
@Module({
  imports: [PushModule],
  providers: [RefundsService, RefundsRepository, ...useCases, RefundsProcessor, RefundsEvents, ...gateways],
  exports: [RefundsProcessor, RefundsEvents],
})
export class RefundsWorkerModule {}
