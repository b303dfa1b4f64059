import { Injectable } from '@nestjs/common';
import type { ApiKeyDto } from '@coursa/contracts';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { Clock } from '../../../common/security/secrets.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { MerchantAccounts } from '../../merchants/merchant-accounts.service.js';
import { ApiKeyErrors } from '../api-keys.errors.js';
import { toApiKeyDto } from '../api-keys.mapper.js';
import { ApiKeysRepository } from '../api-keys.repository.js';

/**
 * A merchant revokes a key: refused from the next request on, on every API process (a request reads its key afresh).
 * Revoking a revoked key changes nothing and answers it as it is.
 */
@Injectable()
export class RevokeApiKeyUseCase {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly merchants: MerchantAccounts,
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(user: AuthUser, id: string, ip?: string): Promise<ApiKeyDto> {
    const merchant = await this.merchants.require(user);
    const now = this.clock.now();
    const key = await this.uow.run(async (tx) => {
      const revoked = await this.keys.revoke(tx, merchant.userId, id, now);
      const row = await this.keys.findOwn(tx, merchant.userId, id);
      if (!row) throw ApiKeyErrors.notFound();
      if (revoked) {
        await this.audit.record(
          { actorId: user.id, actorRole: user.role, action: 'api_key_revoked', resourceType: 'api_key', resourceId: id, success: true, ip, details: { name: row.name, prefix: row.prefix } },
          tx,
        );
      }
      return row;
    });
    return toApiKeyDto(key, now);
  }
}
