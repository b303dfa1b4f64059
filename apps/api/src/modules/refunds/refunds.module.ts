import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../common/config/config.js';
import { createPayoutGateway, createRefundGateway } from '../../common/money-gateways/gateways.js';
import { PAYOUT_GATEWAY } from '../../common/money-gateways/payout-gateway.js';
import { REFUND_GATEWAY } from '../../common/money-gateways/refund-gateway.js';
import { RefundsController } from './refunds.controller.js';
import { RefundsEvents } from './refunds.events.js';
import { RefundsProcessor } from './refunds.processor.js';
import { RefundsRepository } from './refunds.repository.js';
import { RefundsService } from './refunds.service.js';

const gateways = [
  { provide: REFUND_GATEWAY, useFactory: createRefundGateway, inject: [APP_CONFIG] },
  { provide: PAYOUT_GATEWAY, useFactory: createPayoutGateway, inject: [APP_CONFIG] },
];

/** API side: staff list refunds and send those to do. */
@Module({
  controllers: [RefundsController],
  providers: [RefundsService, RefundsRepository, ...gateways],
})
export class RefundsModule {}

/** Worker side: the refund job (provider refunds, and checks of transfers still under way). */
@Module({
  providers: [RefundsService, RefundsRepository, RefundsProcessor, RefundsEvents, ...gateways],
  exports: [RefundsProcessor, RefundsEvents],
})
export class RefundsWorkerModule {}
