import { Global, Module } from '@nestjs/common';
import { CourierCashController } from './courier-cash.controller.js';
import { CourierCashRepository } from './courier-cash.repository.js';
import { CourierCashService } from './courier-cash.service.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import { AdjustLedgerUseCase } from './use-cases/adjust-ledger.use-case.js';
import { RecordOfficeDepositUseCase } from './use-cases/record-office-deposit.use-case.js';

/**
 * The courier ledger, written by the events that move a courier's money (deliveries, payouts, deposits): LedgerService
 * is its only writer.
 */
@Global()
@Module({ providers: [LedgerService, LedgerRepository], exports: [LedgerService] })
export class LedgerModule {}

/** API side: the back office's cash table (who holds what), deposits at the office and corrections. */
@Module({
  controllers: [CourierCashController],
  providers: [CourierCashService, CourierCashRepository, RecordOfficeDepositUseCase, AdjustLedgerUseCase],
})
export class CourierCashModule {}
