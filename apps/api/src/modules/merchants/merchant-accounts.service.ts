import { Injectable } from '@nestjs/common';
import type { Merchant } from '../../generated/prisma/client.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { MerchantErrors } from './merchants.errors.js';
import { MerchantAccountsRepository } from './merchant-accounts.repository.js';

/**
 * Who is a merchant (issue 40): the one check every merchant route makes, whether the caller came with a session or an
 * API key. A client account staff have not made a merchant gets 403.
 */
@Injectable()
export class MerchantAccounts {
  constructor(private readonly merchants: MerchantAccountsRepository) {}

  async require(user: Pick<AuthUser, 'id' | 'role'>): Promise<Merchant> {
    const merchant = user.role === 'client' ? await this.merchants.findByUserId(user.id) : null;
    if (!merchant) throw MerchantErrors.notMerchant();
    return merchant;
  }
}
