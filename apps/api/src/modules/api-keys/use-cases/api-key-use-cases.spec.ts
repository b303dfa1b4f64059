import { describe, expect, it } from '@jest/globals';
import { API_KEYS_MAX_ACTIVE } from '@coursa/domain';
import type { ApiKey } from '../../../generated/prisma/client.js';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { SecretHasher } from '../../../common/security/secrets.js';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { MerchantAccounts } from '../../merchants/merchant-accounts.service.js';
import { MerchantErrors } from '../../merchants/merchants.errors.js';
import { ApiKeysRepository } from '../api-keys.repository.js';
import { CreateApiKeyUseCase } from './create-api-key.use-case.js';
import { RevokeApiKeyUseCase } from './revoke-api-key.use-case.js';
import { RotateApiKeyUseCase } from './rotate-api-key.use-case.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const MERCHANT: AuthUser = { id: '00000000-0000-4000-8000-0000000000b1', role: 'client', fullName: 'Aminata Sow' };
const KEY_ID = '00000000-0000-4000-8000-0000000000e1';
const hasher = new SecretHasher({ SECRET_KEY: 'a-secret-key-of-at-least-32-characters' } as never);

const row = (changes: Partial<ApiKey> = {}): ApiKey => ({
  id: KEY_ID,
  merchantId: MERCHANT.id,
  name: 'Boutique',
  prefix: 'cs_live_AAAAAAAAAAA1',
  secretHash: 'stored',
  scopes: ['deliveries:write'],
  createdAt: NOW,
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  rotatedFromId: null,
  ...changes,
});

function setUp<T>(UseCase: new (...args: never[]) => T) {
  const t = newTestService(UseCase, { now: NOW, use: [[SecretHasher, hasher]] });
  const keys = t.mock(ApiKeysRepository);
  keys.create.mockImplementation(async (_tx, key) => row({ ...key, id: 'new-key', rotatedFromId: key.rotatedFromId ?? null }));
  t.mock(MerchantAccounts).require.mockResolvedValue({ userId: MERCHANT.id } as never);
  return { ...t, keys, audit: t.mock(AuditRepository), merchants: t.mock(MerchantAccounts) };
}

describe('CreateApiKeyUseCase', () => {
  it('keeps the keyed hash of the whole key and its public part, shows the secret once, and audits it without the secret', async () => {
    const t = setUp(CreateApiKeyUseCase);
    t.keys.countActive.mockResolvedValue(API_KEYS_MAX_ACTIVE - 1);
    const answer = await t.sut.execute(MERCHANT, { name: 'Boutique', scopes: ['deliveries:write'] }, '197.149.1.10');
    expect(answer.secret).toBe('cs_live_AAAAAAAAAAA1_token-1');
    expect(t.keys.create).toHaveBeenCalledWith(t.tx, { merchantId: MERCHANT.id, name: 'Boutique', prefix: 'cs_live_AAAAAAAAAAA1', secretHash: hasher.hash(answer.secret), scopes: ['deliveries:write'] });
    expect(answer.key).toMatchObject({ prefix: 'cs_live_AAAAAAAAAAA1', status: 'active', scopes: ['deliveries:write'] });
    expect(JSON.stringify(answer.key)).not.toContain('token-1');
    expect(t.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'api_key_created', resourceId: 'new-key', actorId: MERCHANT.id }), t.tx);
    expect(JSON.stringify(t.audit.record.mock.calls)).not.toContain('token-1');
    // The count is made under the merchant's lock.
    expect(t.keys.lockMerchant).toHaveBeenCalledWith(t.tx, MERCHANT.id);
    expect(t.keys.lockMerchant.mock.invocationCallOrder[0]!).toBeLessThan(t.keys.countActive.mock.invocationCallOrder[0]!);
  });

  it(`refuses an ${API_KEYS_MAX_ACTIVE + 1}th active key in French (409)`, async () => {
    const t = setUp(CreateApiKeyUseCase);
    t.keys.countActive.mockResolvedValue(API_KEYS_MAX_ACTIVE);
    await expect(t.sut.execute(MERCHANT, { name: 'Boutique', scopes: ['deliveries:write'] })).rejects.toMatchObject({ status: 409, code: 'API_KEYS_LIMIT_REACHED' });
    expect(t.keys.create).not.toHaveBeenCalled();
  });

  it('is for merchants only (403)', async () => {
    const t = setUp(CreateApiKeyUseCase);
    t.merchants.require.mockRejectedValue(MerchantErrors.notMerchant());
    await expect(t.sut.execute(MERCHANT, { name: 'Boutique', scopes: ['deliveries:write'] })).rejects.toMatchObject({ status: 403, code: 'NOT_A_MERCHANT' });
    expect(t.unitOfWork.run).not.toHaveBeenCalled();
  });
});

describe('RotateApiKeyUseCase', () => {
  function rotating(old: ApiKey | null, ended = true) {
    const t = setUp(RotateApiKeyUseCase);
    t.keys.findOwn.mockResolvedValue(old);
    t.keys.endActive.mockResolvedValue(ended);
    return t;
  }

  it('makes a key of the same name and scopes, and the old one works 24 hours more unless told', async () => {
    const t = rotating(row());
    const answer = await t.sut.execute(MERCHANT, KEY_ID, {});
    const end = new Date(NOW.getTime() + 24 * 3_600_000);
    expect(t.keys.endActive).toHaveBeenCalledWith(t.tx, MERCHANT.id, KEY_ID, end);
    expect(t.keys.create).toHaveBeenCalledWith(t.tx, expect.objectContaining({ name: 'Boutique', scopes: ['deliveries:write'], rotatedFromId: KEY_ID }));
    expect(answer).toMatchObject({ key: { id: 'new-key', status: 'active' }, secret: 'cs_live_AAAAAAAAAAA1_token-1', replaced: { id: KEY_ID, status: 'expiring', expires_at: end.toISOString() } });
    expect(t.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'api_key_rotated', resourceId: KEY_ID, details: expect.objectContaining({ new_key_id: 'new-key', overlap_hours: 24 }) }), t.tx);
  });

  it('with no overlap, ends the old key at once', async () => {
    const t = rotating(row());
    const answer = await t.sut.execute(MERCHANT, KEY_ID, { overlap_hours: 0 });
    expect(answer.replaced).toMatchObject({ status: 'expired', expires_at: NOW.toISOString() });
  });

  it("answers another merchant's or an unknown key as unknown (404), and a revoked or already rotated one as not rotatable (409)", async () => {
    await expect(rotating(null).sut.execute(MERCHANT, KEY_ID, {})).rejects.toMatchObject({ status: 404, code: 'API_KEY_NOT_FOUND' });
    const lost = rotating(row({ revokedAt: NOW }), false);
    await expect(lost.sut.execute(MERCHANT, KEY_ID, {})).rejects.toMatchObject({ status: 409, code: 'API_KEY_NOT_ROTATABLE' });
    expect(lost.keys.create).not.toHaveBeenCalled();
  });
});

describe('RevokeApiKeyUseCase', () => {
  it('revokes the key now and audits it', async () => {
    const t = setUp(RevokeApiKeyUseCase);
    t.keys.revoke.mockResolvedValue(true);
    t.keys.findOwn.mockResolvedValue(row({ revokedAt: NOW }));
    await expect(t.sut.execute(MERCHANT, KEY_ID)).resolves.toMatchObject({ id: KEY_ID, status: 'revoked', revoked_at: NOW.toISOString() });
    expect(t.keys.revoke).toHaveBeenCalledWith(t.tx, MERCHANT.id, KEY_ID, NOW);
    expect(t.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'api_key_revoked', resourceId: KEY_ID }), t.tx);
  });

  it('answers a key revoked before as it is, without a second audit row', async () => {
    const t = setUp(RevokeApiKeyUseCase);
    t.keys.revoke.mockResolvedValue(false);
    t.keys.findOwn.mockResolvedValue(row({ revokedAt: new Date('2026-11-20T10:00:00Z') }));
    await expect(t.sut.execute(MERCHANT, KEY_ID)).resolves.toMatchObject({ status: 'revoked', revoked_at: '2026-11-20T10:00:00.000Z' });
    expect(t.audit.record).not.toHaveBeenCalled();
  });

  it("answers another merchant's key as unknown (404)", async () => {
    const t = setUp(RevokeApiKeyUseCase);
    t.keys.revoke.mockResolvedValue(false);
    t.keys.findOwn.mockResolvedValue(null);
    await expect(t.sut.execute(MERCHANT, KEY_ID)).rejects.toMatchObject({ status: 404, code: 'API_KEY_NOT_FOUND' });
  });
});
