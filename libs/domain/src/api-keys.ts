/** A merchant's API keys (issue 40): how many it keeps and what state one is in. */

/** Keys a merchant may have active at once (a rotated key on its overlap no longer counts). */
export const API_KEYS_MAX_ACTIVE = 10;

export type ApiKeyStatus = 'active' | 'expiring' | 'expired' | 'revoked';

/**
 * Revoked wins over everything; a key given an end by a rotation is `expiring` until then and `expired` from then on;
 * any other key is `active`.
 */
export function apiKeyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt) return key.expiresAt.getTime() > now.getTime() ? 'expiring' : 'expired';
  return 'active';
}

/** A key lets its holder in while it is active or on its overlap. */
export const apiKeyUsable = (status: ApiKeyStatus): boolean => status === 'active' || status === 'expiring';

export const API_KEY_MESSAGES = {
  limit: `Vous avez déjà ${API_KEYS_MAX_ACTIVE} clés d’API actives : révoquez-en une avant d’en créer une autre.`,
} as const;
