import { Module } from '@nestjs/common';
import { PaymentRecordsModule } from '../payment-records/payment-records.module.js';
import { AdminMerchantsController } from './admin-merchants.controller.js';
import { MerchantAccountsModule } from './merchant-accounts.module.js';
import { MerchantController } from './merchant.controller.js';
import { MerchantsRepository } from './merchants.repository.js';
import { MerchantsService } from './merchants.service.js';
import { SaveMerchantUseCase } from './use-cases/save-merchant.use-case.js';
import { SettleStatementUseCase } from './use-cases/settle-statement.use-case.js';

/**
 * Merchant accounts and their monthly statements (issue 40), the API side: staff make a client a merchant and settle
 * its months; a merchant reads its profile and statements.
 */
@Module({
  imports: [MerchantAccountsModule, PaymentRecordsModule],
  controllers: [AdminMerchantsController, MerchantController],
  providers: [MerchantsService, MerchantsRepository, SaveMerchantUseCase, SettleStatementUseCase],
})
export class MerchantsModule {}
