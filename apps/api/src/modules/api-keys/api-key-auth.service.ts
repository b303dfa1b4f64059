import { Inject, Injectable } from '@nestjs/common';
import { apiKeyStatus, sessionVerdict } from '@coursa/domain';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { RateLimiterService, type RateLimit } from '../../common/rate-limit/rate-limiter.service.js';
import { Clock, SecretHasher } from '../../common/security/secrets.js';
import { apiKeyPrefixOf } from './api-key-secret.js';
import { ApiKeyErrors } from './api-keys.errors.js';
import { ApiKeysRepository } from './api-keys.repository.js';

/** Keys refused (malformed, unknown, wrong secret, revoked, expired), per address: guessing gets few tries. */
export const API_KEY_MISSES: RateLimit = { name: 'api-key-miss:ip', max: 20, windowSeconds: 10 * 60 };
/** `last_used_at` is written at most this often per key. */
export const LAST_USED_EVERY_MS = 60_000;
/** What a key not found is compared with, so that it costs what a wrong secret does. */
const NO_HASH = '0'.repeat(64);

export type ApiKeyCaller = AuthUser & { apiKey: NonNullable<AuthUser['apiKey']> };

/** A key's request: its caller, or its merchant's account is disabled (the guard answers as it does for a session). */
export type ApiKeyCheck = { verdict: 'valid'; caller: ApiKeyCaller } | { verdict: 'disabled' };

/**
 * A request made with a merchant's API key (`Authorization: Bearer cs_live_…`, issue 40). The key is read afresh on
 * every request (one indexed read by its public part), so a revocation holds at once on every API process; its secret
 * is compared in constant time with the stored keyed hash. Each key has its own request rate, and each address only a
 * few refused keys.
 */
@Injectable()
export class ApiKeyAuth {
  private readonly perKey: RateLimit;

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly limiter: RateLimiterService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.perKey = { name: 'api-key:key', max: config.API_KEY_RATE_PER_MINUTE, windowSeconds: 60 };
  }

  /** The merchant behind the key, or a refusal: 401 for a bad, revoked or expired key, 429 past a rate. */
  async authenticate(token: string, ip: string): Promise<ApiKeyCheck> {
    await this.limiter.refuseIfOver(API_KEY_MISSES, ip);
    const prefix = apiKeyPrefixOf(token);
    const key = prefix ? await this.keys.findByPrefix(prefix) : null;
    const matches = this.hasher.matches(token, key?.secretHash ?? NO_HASH);
    if (!key || !matches) return this.miss(ip, ApiKeyErrors.invalid());
    const now = this.clock.now();
    const status = apiKeyStatus(key, now);
    if (status === 'revoked') return this.miss(ip, ApiKeyErrors.revoked());
    if (status === 'expired') return this.miss(ip, ApiKeyErrors.expired());
    // The account decides as it does for a session (a key has no session version: the account's own).
    const account = key.merchant.user;
    const verdict = sessionVerdict(account, account.sessionVersion);
    if (verdict === 'expired') return this.miss(ip, ApiKeyErrors.invalid());
    if (verdict === 'disabled') return { verdict: 'disabled' };
    await this.countRequest(key.id);
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      await this.keys.touchLastUsed(key.id, now, new Date(now.getTime() - LAST_USED_EVERY_MS));
    }
    return {
      verdict: 'valid',
      caller: { id: account.id, role: account.role, fullName: account.fullName, apiKey: { id: key.id, scopes: key.scopes } },
    };
  }

  /** A key is let in only on a route that takes keys (`@ApiKeyScope`), and only with that route's permission. */
  requireScope(apiKey: NonNullable<AuthUser['apiKey']>, scope: string | undefined): void {
    if (!scope) throw ApiKeyErrors.routeForbidden();
    if (!apiKey.scopes.includes(scope)) throw ApiKeyErrors.scopeMissing(scope);
  }

  private async countRequest(keyId: string) {
    try {
      await this.limiter.hit([this.perKey, keyId]);
    } catch (error) {
      if (!(error instanceof DomainError) || error.status !== 429) throw error;
      throw new DomainError(
        'RATE_LIMITED',
        `Trop de requêtes avec cette clé d’API (au plus ${this.perKey.max} par minute) : réessayez dans ${error.headers['retry-after'] ?? 'quelques'} s.`,
        429,
        error.headers,
      );
    }
  }

  private async miss(ip: string, refusal: DomainError): Promise<never> {
    await this.limiter.hit([API_KEY_MISSES, ip]);
    throw refusal;
  }
}
