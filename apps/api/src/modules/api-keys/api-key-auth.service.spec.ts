import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../common/errors/domain-error.js';
import { RateLimiterService } from '../../common/rate-limit/rate-limiter.service.js';
import { RandomSource, SecretHasher } from '../../common/security/secrets.js';
import { newTestService } from '../../../../../test/support/test-service.js';
import { API_KEY_MISSES, ApiKeyAuth } from './api-key-auth.service.js';
import { newApiKey } from './api-key-secret.js';
import { ApiKeysRepository, type PresentedKey } from './api-keys.repository.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const IP = '197.149.1.10';
const MERCHANT = '00000000-0000-4000-8000-0000000000b1';
const hasher = new SecretHasher({ SECRET_KEY: 'a-secret-key-of-at-least-32-characters' } as never);

function setUp(changes: { key?: Partial<PresentedKey>; account?: Partial<PresentedKey['merchant']['user']>; found?: boolean } = {}) {
  const t = newTestService(ApiKeyAuth, { now: NOW, use: [[SecretHasher, hasher]], env: { API_KEY_RATE_PER_MINUTE: '3' } });
  const { key, prefix } = newApiKey(new RandomSource());
  const row: PresentedKey = {
    id: 'key-1',
    merchantId: MERCHANT,
    name: 'Boutique',
    prefix,
    secretHash: hasher.hash(key),
    scopes: ['deliveries:read'],
    createdAt: NOW,
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
    rotatedFromId: null,
    ...changes.key,
    merchant: {
      user: { id: MERCHANT, role: 'client', fullName: 'Pharmacie du Port', isActive: true, activatedAt: NOW, anonymizedAt: null, sessionVersion: 3, ...changes.account },
    },
  };
  const keys = t.mock(ApiKeysRepository);
  keys.findByPrefix.mockImplementation(async (asked) => (changes.found === false || asked !== prefix ? null : row));
  const limiter = t.mock(RateLimiterService);
  return { ...t, key, row, keys, limiter };
}

const missCounted = (t: ReturnType<typeof setUp>) => expect(t.limiter.hit).toHaveBeenCalledWith([API_KEY_MISSES, IP]);

describe('ApiKeyAuth.authenticate', () => {
  it('lets a good key in as its merchant, with its scopes, counting the request against the key and marking it used', async () => {
    const t = setUp();
    await expect(t.sut.authenticate(t.key, IP)).resolves.toEqual({
      verdict: 'valid',
      caller: { id: MERCHANT, role: 'client', fullName: 'Pharmacie du Port', apiKey: { id: 'key-1', scopes: ['deliveries:read'] } },
    });
    expect(t.limiter.refuseIfOver).toHaveBeenCalledWith(API_KEY_MISSES, IP);
    expect(t.limiter.hit).toHaveBeenCalledWith([{ name: 'api-key:key', max: 3, windowSeconds: 60 }, 'key-1']);
    expect(t.keys.touchLastUsed).toHaveBeenCalledWith('key-1', NOW, new Date(NOW.getTime() - 60_000));
  });

  it('marks a key used at most once a minute', async () => {
    const t = setUp({ key: { lastUsedAt: new Date(NOW.getTime() - 59_000) } });
    await t.sut.authenticate(t.key, IP);
    expect(t.keys.touchLastUsed).not.toHaveBeenCalled();
  });

  it.each([
    ['an unknown key', { found: false }],
    ['a key with another secret', {}],
  ])('refuses %s with one answer (401) and counts the miss against the address', async (_name, changes) => {
    const t = setUp(changes);
    const token = 'found' in changes ? t.key : `${t.key.slice(0, -1)}${t.key.endsWith('A') ? 'B' : 'A'}`;
    await expect(t.sut.authenticate(token, IP)).rejects.toMatchObject({ status: 401, code: 'API_KEY_INVALID' });
    missCounted(t);
    expect(t.keys.touchLastUsed).not.toHaveBeenCalled();
  });

  it('does not even look up a token that cannot be a key', async () => {
    const t = setUp();
    await expect(t.sut.authenticate('cs_live_short', IP)).rejects.toMatchObject({ status: 401, code: 'API_KEY_INVALID' });
    expect(t.keys.findByPrefix).not.toHaveBeenCalled();
    missCounted(t);
  });

  it('refuses a revoked key, and a rotated key once its overlap ended, in French (401)', async () => {
    const revoked = setUp({ key: { revokedAt: new Date(NOW.getTime() - 1) } });
    await expect(revoked.sut.authenticate(revoked.key, IP)).rejects.toMatchObject({ status: 401, code: 'API_KEY_REVOKED', detail: expect.stringContaining('révoquée') });
    const expired = setUp({ key: { expiresAt: NOW } });
    await expect(expired.sut.authenticate(expired.key, IP)).rejects.toMatchObject({ status: 401, code: 'API_KEY_EXPIRED' });
    missCounted(expired);
  });

  it('still lets a rotated key in during its overlap', async () => {
    const t = setUp({ key: { expiresAt: new Date(NOW.getTime() + 1_000) } });
    await expect(t.sut.authenticate(t.key, IP)).resolves.toMatchObject({ verdict: 'valid' });
  });

  it('says a disabled merchant account is disabled, and takes an anonymised or never activated one for no key', async () => {
    const disabled = setUp({ account: { isActive: false } });
    await expect(disabled.sut.authenticate(disabled.key, IP)).resolves.toEqual({ verdict: 'disabled' });
    for (const account of [{ anonymizedAt: NOW }, { activatedAt: null }]) {
      const t = setUp({ account });
      await expect(t.sut.authenticate(t.key, IP)).rejects.toMatchObject({ status: 401, code: 'API_KEY_INVALID' });
    }
  });

  it('refuses at once an address past its misses, before any lookup (429)', async () => {
    const t = setUp();
    t.limiter.refuseIfOver.mockRejectedValue(new DomainError('RATE_LIMITED', 'Trop de tentatives.', 429, { 'retry-after': '300' }));
    await expect(t.sut.authenticate(t.key, IP)).rejects.toMatchObject({ status: 429 });
    expect(t.keys.findByPrefix).not.toHaveBeenCalled();
  });

  it('answers a key past its rate with its own French message and Retry-After (429)', async () => {
    const t = setUp();
    t.limiter.hit.mockRejectedValue(new DomainError('RATE_LIMITED', 'Trop de tentatives.', 429, { 'retry-after': '42' }));
    await expect(t.sut.authenticate(t.key, IP)).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      detail: 'Trop de requêtes avec cette clé d’API (au plus 3 par minute) : réessayez dans 42 s.',
      headers: { 'retry-after': '42' },
    });
  });
});

describe('ApiKeyAuth.requireScope', () => {
  const { sut } = newTestService(ApiKeyAuth);
  const key = { id: 'key-1', scopes: ['deliveries:read'] };

  it('lets a key in on a route of one of its scopes', () => {
    expect(() => sut.requireScope(key, 'deliveries:read')).not.toThrow();
  });

  it('refuses a key on a route that takes no key, and on a route of another scope, naming it (403)', () => {
    expect(() => sut.requireScope(key, undefined)).toThrow(expect.objectContaining({ status: 403, code: 'API_KEY_ROUTE_FORBIDDEN', detail: 'Cette clé d’API ne donne pas accès à cette route.' }));
    expect(() => sut.requireScope(key, 'deliveries:write')).toThrow(
      expect.objectContaining({ status: 403, code: 'API_KEY_SCOPE_MISSING', detail: 'Cette clé d’API n’a pas la permission « deliveries:write ».' }),
    );
  });
});
