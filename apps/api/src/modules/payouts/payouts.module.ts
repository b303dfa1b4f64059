import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../common/config/config.js';
import { createPayoutGateway } from '../../common/money-gateways/gateways.js';
import { PAYOUT_GATEWAY } from '../../common/money-gateways/payout-gateway.js';
import { PayoutsController } from './payouts.controller.js';
import { PayoutsRepository } from './payouts.repository.js';
import { PayoutsService } from './payouts.service.js';

@Module({
  controllers: [PayoutsController],
  providers: [PayoutsService, PayoutsRepository, { provide: PAYOUT_GATEWAY, useFactory: createPayoutGateway, inject: [APP_CONFIG] }],
})
export class PayoutsModule {}
