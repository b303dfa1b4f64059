import { Injectable } from '@nestjs/common';
import type { ApiKeyDto } from '@coursa/contracts';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/security/secrets.js';
import { MerchantAccounts } from '../merchants/merchant-accounts.service.js';
import { toApiKeyDto } from './api-keys.mapper.js';
import { ApiKeysRepository } from './api-keys.repository.js';

/** A merchant's keys as its « Clés d’API » screen lists them. */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly merchants: MerchantAccounts,
    private readonly clock: Clock,
  ) {}

  async list(user: AuthUser): Promise<ApiKeyDto[]> {
    const merchant = await this.merchants.require(user);
    const now = this.clock.now();
    return (await this.keys.listOf(merchant.userId)).map((key) => toApiKeyDto(key, now));
  }
}
