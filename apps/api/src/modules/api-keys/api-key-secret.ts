import { API_KEY_PREFIX } from '@coursa/contracts';
import type { RandomSource } from '../../common/security/secrets.js';

/**
 * A merchant's API key (issue 40): `cs_live_<12 characters>_<secret>`. The first part (`cs_live_` and 12 random
 * base64url characters) is public: shown in lists, found by; the secret is 32 random bytes (43 base64url characters).
 * The whole key is kept only as a keyed hash. Both random parts may hold `_` or `-`: a key is read by its positions.
 */
export const API_KEY_PUBLIC_BYTES = 9;
export const API_KEY_SECRET_BYTES = 32;
const PUBLIC_LENGTH = API_KEY_PREFIX.length + 12;
const SHAPE = /^cs_live_[A-Za-z0-9_-]{12}_[A-Za-z0-9_-]{43}$/;

/** A new key: what the merchant is shown once, and its public part. */
export function newApiKey(random: RandomSource): { key: string; prefix: string } {
  const prefix = `${API_KEY_PREFIX}${random.token(API_KEY_PUBLIC_BYTES)}`;
  return { key: `${prefix}_${random.token(API_KEY_SECRET_BYTES)}`, prefix };
}

/** A bearer token that says it is an API key (the guard checks it as one, whatever follows). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** The public part of a well-formed key; null when the token cannot be a key. */
export function apiKeyPrefixOf(token: string): string | null {
  return SHAPE.test(token) ? token.slice(0, PUBLIC_LENGTH) : null;
}
