import { API_KEY_PREFIX } from '@coursa/domain';
import type { RandomSource } from '../../common/security/secrets.js';

/**
 * A merchant's API key (issue 40): `cs_live_<12 characters>_<secret>`. The first part (`cs_live_` and 12 random
 * letters and digits) is public: shown in lists, found by; the secret is 32 random bytes (43 base64url characters,
 * which may hold `_` or `-`). The whole key is kept only as a keyed hash.
 */
export const API_KEY_PUBLIC_LENGTH = 12;
export const API_KEY_SECRET_BYTES = 32;
const PUBLIC_LENGTH = API_KEY_PREFIX.length + API_KEY_PUBLIC_LENGTH;
const SHAPE = /^cs_live_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{43}$/;

/** A new key: what the merchant is shown once, and its public part. */
export function newApiKey(random: RandomSource): { key: string; prefix: string } {
  const prefix = `${API_KEY_PREFIX}${random.alphanumeric(API_KEY_PUBLIC_LENGTH)}`;
  return { key: `${prefix}_${random.token(API_KEY_SECRET_BYTES)}`, prefix };
}

/** A bearer token that says it is an API key (the guard checks it as one, whatever follows). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** The public part of a well-formed key; null when the token cannot be a key. */
export function apiKeyPrefixOf(token: string): string | null {
  return SHAPE.test(token) ? token.slice(0, PUBLIC_LENGTH) : null;
}
