import { Injectable } from '@nestjs/common';
import type { ApiKeyCreatedResponse } from '@coursa/contracts';
import type { RotateApiKeyInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { Clock, RandomSource, SecretHasher } from '../../../common/security/secrets.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { MerchantAccounts } from '../../merchants/merchant-accounts.service.js';
import { newApiKey } from '../api-key-secret.js';
import { ApiKeyErrors } from '../api-keys.errors.js';
import { toApiKeyDto } from '../api-keys.mapper.js';
import { ApiKeysRepository } from '../api-keys.repository.js';

/** How long the old key keeps working after a rotation when the merchant does not say. */
export const DEFAULT_OVERLAP_HOURS = 24;

/**
 * A merchant renews an active key: a new key with the same name and permissions (its secret shown once), and the old
 * one working `overlap_hours` more (0: refused at once), time for the shop to deploy the new one.
 */
@Injectable()
export class RotateApiKeyUseCase {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly merchants: MerchantAccounts,
    private readonly audit: AuditRepository,
    private readonly hasher: SecretHasher,
    private readonly random: RandomSource,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(user: AuthUser, id: string, input: RotateApiKeyInput, ip?: string): Promise<ApiKeyCreatedResponse> {
    const merchant = await this.merchants.require(user);
    const overlapHours = input.overlap_hours ?? DEFAULT_OVERLAP_HOURS;
    const now = this.clock.now();
    const end = new Date(now.getTime() + overlapHours * 3_600_000);
    const { key, prefix } = newApiKey(this.random);
    const { created, replaced } = await this.uow.run(async (tx) => {
      const old = await this.keys.findOwn(tx, merchant.userId, id);
      if (!old) throw ApiKeyErrors.notFound();
      // A conditional update: of two rotations of one key at once, one wins; a revoked or already rotated key has none.
      if (!(await this.keys.endActive(tx, merchant.userId, id, end))) throw ApiKeyErrors.notRotatable();
      const row = await this.keys.create(tx, { merchantId: merchant.userId, name: old.name, prefix, secretHash: this.hasher.hash(key), scopes: old.scopes, rotatedFromId: old.id });
      await this.audit.record(
        {
          actorId: user.id,
          actorRole: user.role,
          action: 'api_key_rotated',
          resourceType: 'api_key',
          resourceId: old.id,
          success: true,
          ip,
          details: { new_key_id: row.id, new_prefix: prefix, overlap_hours: overlapHours, expires_at: end.toISOString() },
        },
        tx,
      );
      return { created: row, replaced: { ...old, expiresAt: end } };
    });
    return { key: toApiKeyDto(created, now), secret: key, replaced: toApiKeyDto(replaced, now) };
  }
}
