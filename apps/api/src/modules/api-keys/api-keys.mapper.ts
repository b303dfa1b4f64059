import type { ApiKeyDto } from '@coursa/contracts';
import { type ApiKeyScope, apiKeyStatus } from '@coursa/domain';
import type { ApiKey } from '../../generated/prisma/client.js';

/** A key as its merchant sees it: never its secret, nor its hash. */
export function toApiKeyDto(key: ApiKey, now: Date): ApiKeyDto {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes as ApiKeyScope[],
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    status: apiKeyStatus(key, now),
  };
}
