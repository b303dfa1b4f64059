import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../common/config/config.js';
import { createPayoutGateway } from '../../common/money-gateways/gateways.js';
import { PAYOUT_GATEWAY } from '../../common/money-gateways/payout-gateway.js';
import { CourierCashController } from './courier-cash.controller.js';
import { CourierCashRepository } from './courier-cash.repository.js';
import { CourierCashService } from './courier-cash.service.js';
import { PayoutsController } from './payouts.controller.js';
import { PayoutsEvents } from './payouts.events.js';
import { PayoutsProcessor } from './payouts.processor.js';
import { PayoutsRepository } from './payouts.repository.js';
import { PayoutsService } from './payouts.service.js';

const payoutGateway = { provide: PAYOUT_GATEWAY, useFactory: createPayoutGateway, inject: [APP_CONFIG] };

/** API side: staff's payments, early payment requests, payouts history. */
@Module({
  controllers: [PayoutsController, CourierCashController],
  providers: [PayoutsService, PayoutsRepository, CourierCashService, CourierCashRepository, payoutGateway],
  exports: [PayoutsService],
})
export class PayoutsModule {}

/** Worker side: the weekly run's payouts and the transfers of the payout job. */
@Module({ providers: [PayoutsService, PayoutsRepository, PayoutsProcessor, PayoutsEvents, payoutGateway], exports: [PayoutsProcessor, PayoutsEvents, PayoutsRepository] })
export class PayoutsWorkerModule {}
