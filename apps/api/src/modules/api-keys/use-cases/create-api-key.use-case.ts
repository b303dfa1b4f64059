import { Injectable } from '@nestjs/common';
import type { ApiKeyCreatedResponse } from '@coursa/contracts';
import type { ApiKeyRequestInput } from '@coursa/contracts/schemas';
import { API_KEYS_MAX_ACTIVE } from '@coursa/domain';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { Clock, RandomSource, SecretHasher } from '../../../common/security/secrets.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { MerchantAccounts } from '../../merchants/merchant-accounts.service.js';
import { newApiKey } from '../api-key-secret.js';
import { ApiKeyErrors } from '../api-keys.errors.js';
import { toApiKeyDto } from '../api-keys.mapper.js';
import { ApiKeysRepository } from '../api-keys.repository.js';

/** A merchant makes an API key: at most API_KEYS_MAX_ACTIVE active at once; its secret is shown in this answer only. */
@Injectable()
export class CreateApiKeyUseCase {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly merchants: MerchantAccounts,
    private readonly audit: AuditRepository,
    private readonly hasher: SecretHasher,
    private readonly random: RandomSource,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(user: AuthUser, input: ApiKeyRequestInput, ip?: string): Promise<ApiKeyCreatedResponse> {
    const merchant = await this.merchants.require(user);
    const { key, prefix } = newApiKey(this.random);
    const created = await this.uow.run(async (tx) => {
      // Counted under the merchant's row lock: keys made at once cannot together pass the limit.
      await this.keys.lockMerchant(tx, merchant.userId);
      if ((await this.keys.countActive(tx, merchant.userId)) >= API_KEYS_MAX_ACTIVE) throw ApiKeyErrors.limitReached();
      const row = await this.keys.create(tx, { merchantId: merchant.userId, name: input.name, prefix, secretHash: this.hasher.hash(key), scopes: input.scopes });
      await this.audit.record(
        { actorId: user.id, actorRole: user.role, action: 'api_key_created', resourceType: 'api_key', resourceId: row.id, success: true, ip, details: { name: row.name, prefix, scopes: row.scopes } },
        tx,
      );
      return row;
    });
    return { key: toApiKeyDto(created, this.clock.now()), secret: key };
  }
}
