import { Global, Module } from '@nestjs/common';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';

/** The courier ledger, written by the events that move a courier's money (deliveries, payouts, deposits). */
@Global()
@Module({ providers: [LedgerService, LedgerRepository], exports: [LedgerService, LedgerRepository] })
export class LedgerModule {}
