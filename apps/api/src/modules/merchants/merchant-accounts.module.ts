import { Module } from '@nestjs/common';
import { MerchantAccountsRepository } from './merchant-accounts.repository.js';
import { MerchantAccounts } from './merchant-accounts.service.js';

/** Who is a merchant: what the merchant, public API and webhook modules ask first (issue 40). */
@Module({ providers: [MerchantAccounts, MerchantAccountsRepository], exports: [MerchantAccounts] })
export class MerchantAccountsModule {}
