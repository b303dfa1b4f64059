import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../common/config/config.js';
import { createGateways, PAYMENT_GATEWAYS } from '../../common/money-gateways/gateways.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { OrderDeskModule } from '../courses/order-desk.module.js';
import { CashDepositsController } from './cash-deposits.controller.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsProcessor } from './payments.processor.js';
import { PaymentRecordsModule } from '../payment-records/payment-records.module.js';
import { PaymentsService } from './payments.service.js';
import { SandboxController } from './sandbox.controller.js';
import { SettlePaymentUseCase } from './use-cases/settle-payment.use-case.js';
import { StartCashDepositUseCase } from './use-cases/start-cash-deposit.use-case.js';

const gateways = { provide: PAYMENT_GATEWAYS, useFactory: createGateways, inject: [APP_CONFIG, RedisService] };

/** API side: payment calls, provider callbacks, the sandbox page. */
@Module({
  imports: [OrderDeskModule, PaymentRecordsModule],
  controllers: [PaymentsController, CashDepositsController, SandboxController],
  providers: [PaymentsService, SettlePaymentUseCase, StartCashDepositUseCase, gateways],
  // PaymentsService: a mobile money merchant's order by API starts its payment there (issue 40).
  exports: [PaymentRecordsModule, PaymentsService],
})
export class PaymentsModule {}

/** Worker side: the status checks (after callbacks and on the polling schedule). */
@Module({
  imports: [OrderDeskModule, PaymentRecordsModule],
  providers: [PaymentsService, SettlePaymentUseCase, StartCashDepositUseCase, PaymentsProcessor, gateways],
  exports: [PaymentsProcessor],
})
export class PaymentsWorkerModule {}
