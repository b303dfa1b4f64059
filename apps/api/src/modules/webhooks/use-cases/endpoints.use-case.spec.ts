import { describe, expect, it } from '@jest/globals';
import { WEBHOOK_ENDPOINTS_MAX } from '@coursa/domain';
import { loadConfig } from '../../../common/config/config.js';
import { SecretBox } from '../../../common/security/secrets.js';
import type { Merchant, WebhookEndpoint } from '../../../generated/prisma/client.js';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { MerchantAccounts } from '../../merchants/merchant-accounts.service.js';
import { MerchantErrors } from '../../merchants/merchants.errors.js';
import { WebhooksRepository } from '../webhooks.repository.js';
import { CreateEndpointUseCase } from './create-endpoint.use-case.js';
import { RotateSecretUseCase, SECRET_OVERLAP_MS } from './rotate-secret.use-case.js';
import { DISABLED_BY_MERCHANT, UpdateEndpointUseCase } from './update-endpoint.use-case.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const MERCHANT = { userId: 'm1', businessName: 'Pharmacie de Kaloum' } as Merchant;
const USER = { id: 'm1', role: 'client' as const, fullName: 'Fanta Camara' };
const box = new SecretBox(loadConfig({}));
const INPUT = { url: 'https://boutique.example.gn/hooks', description: null, event_types: ['delivery.created' as const] };

const endpoint = (changes: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'e1',
  merchantId: 'm1',
  url: INPUT.url,
  description: null,
  eventTypes: ['delivery.created'],
  secretSealed: box.seal('whsec_b2xk'),
  previousSecretSealed: null,
  previousSecretExpiresAt: null,
  disabledAt: null,
  disabledReason: null,
  consecutiveFailures: 0,
  createdAt: NOW,
  updatedAt: NOW,
  ...changes,
});

function setUp<T>(UseCase: new (...args: never[]) => T, env: NodeJS.ProcessEnv = {}) {
  const t = newTestService(UseCase, { now: NOW, env, use: [[SecretBox, box]] });
  t.mock(MerchantAccounts).require.mockResolvedValue(MERCHANT);
  const endpoints = t.mock(WebhooksRepository);
  endpoints.create.mockImplementation(async (_tx, fields) => endpoint(fields));
  endpoints.update.mockImplementation(async (_tx, id, changes) => endpoint({ id, ...changes }));
  endpoints.rotateSecret.mockImplementation(async (_tx, id, secretSealed, previousSecretSealed, previousSecretExpiresAt) => endpoint({ id, secretSealed, previousSecretSealed, previousSecretExpiresAt }));
  return { ...t, endpoints };
}

describe('CreateEndpointUseCase', () => {
  it('keeps the endpoint with its secret sealed, and shows the secret once, in the Standard Webhooks format', async () => {
    const t = setUp(CreateEndpointUseCase);
    t.endpoints.countOfMerchant.mockResolvedValue(WEBHOOK_ENDPOINTS_MAX - 1);
    const answer = await t.sut.execute(USER, INPUT);
    expect(answer.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    const kept = t.endpoints.create.mock.calls[0]![1];
    expect(kept).toMatchObject({ merchantId: 'm1', url: INPUT.url, eventTypes: ['delivery.created'] });
    expect(kept.secretSealed).not.toContain(answer.secret);
    expect(box.open(kept.secretSealed)).toBe(answer.secret);
    expect(answer.endpoint).toEqual(expect.objectContaining({ url: INPUT.url, enabled: true }));
    expect(JSON.stringify(answer.endpoint)).not.toContain('whsec_');
    // The count is taken under the merchant's lock.
    expect(t.endpoints.lockMerchant).toHaveBeenCalledWith(t.tx, 'm1');
    expect(t.endpoints.lockMerchant.mock.invocationCallOrder[0]!).toBeLessThan(t.endpoints.countOfMerchant.mock.invocationCallOrder[0]!);
  });

  it(`refuses an ${WEBHOOK_ENDPOINTS_MAX + 1}th endpoint (409)`, async () => {
    const t = setUp(CreateEndpointUseCase);
    t.endpoints.countOfMerchant.mockResolvedValue(WEBHOOK_ENDPOINTS_MAX);
    await expect(t.sut.execute(USER, INPUT)).rejects.toMatchObject({ status: 409, code: 'WEBHOOK_ENDPOINTS_LIMIT_REACHED' });
    expect(t.endpoints.create).not.toHaveBeenCalled();
  });

  it('refuses our own network in French (400) unless configuration allows its origin', async () => {
    const t = setUp(CreateEndpointUseCase);
    for (const url of ['http://127.0.0.1:4000/hooks', 'http://localhost/hooks', 'https://192.168.1.10/hooks', 'http://169.254.169.254/latest']) {
      await expect(t.sut.execute(USER, { ...INPUT, url })).rejects.toMatchObject({ status: 400, code: 'WEBHOOK_URL_REFUSED', detail: expect.stringContaining('serveur public') });
    }
    expect(t.unitOfWork.run).not.toHaveBeenCalled();
    const allowed = setUp(CreateEndpointUseCase, { WEBHOOK_ALLOWED_ORIGINS: 'http://127.0.0.1:4000' });
    allowed.endpoints.countOfMerchant.mockResolvedValue(0);
    await expect(allowed.sut.execute(USER, { ...INPUT, url: 'http://127.0.0.1:4000/hooks' })).resolves.toMatchObject({ endpoint: { url: 'http://127.0.0.1:4000/hooks' } });
  });

  it('is for merchants only', async () => {
    const t = setUp(CreateEndpointUseCase);
    t.mock(MerchantAccounts).require.mockRejectedValue(MerchantErrors.notMerchant());
    await expect(t.sut.execute(USER, INPUT)).rejects.toMatchObject({ status: 403, code: 'NOT_A_MERCHANT' });
  });
});

describe('UpdateEndpointUseCase', () => {
  it('turns a disabled endpoint on again, its failures in a row reset; leaves out what was not sent', async () => {
    const t = setUp(UpdateEndpointUseCase);
    t.endpoints.lockOwn.mockResolvedValue(endpoint({ disabledAt: NOW, disabledReason: 'x', consecutiveFailures: 5 }));
    await t.sut.execute(USER, 'e1', { enabled: true });
    expect(t.endpoints.lockOwn).toHaveBeenCalledWith(t.tx, 'm1', 'e1');
    expect(t.endpoints.update).toHaveBeenCalledWith(t.tx, 'e1', { disabledAt: null, disabledReason: null, consecutiveFailures: 0 });
  });

  it('turns it off on request, and changes its events and description', async () => {
    const t = setUp(UpdateEndpointUseCase);
    t.endpoints.lockOwn.mockResolvedValue(endpoint());
    await t.sut.execute(USER, 'e1', { enabled: false, description: null, event_types: ['delivery.delivered'] });
    expect(t.endpoints.update).toHaveBeenCalledWith(t.tx, 'e1', { description: null, eventTypes: ['delivery.delivered'], disabledAt: NOW, disabledReason: DISABLED_BY_MERCHANT });
  });

  it("answers someone else's endpoint as unknown (404), and checks a new URL as at creation", async () => {
    const t = setUp(UpdateEndpointUseCase);
    t.endpoints.lockOwn.mockResolvedValue(null);
    await expect(t.sut.execute(USER, 'e2', { enabled: true })).rejects.toMatchObject({ status: 404, code: 'WEBHOOK_ENDPOINT_NOT_FOUND' });
    await expect(t.sut.execute(USER, 'e1', { url: 'http://10.0.0.2/x' })).rejects.toMatchObject({ status: 400, code: 'WEBHOOK_URL_REFUSED' });
  });
});

describe('RotateSecretUseCase', () => {
  it('makes a new secret and keeps the old one signing for 24 hours', async () => {
    const t = setUp(RotateSecretUseCase);
    const current = endpoint();
    t.endpoints.lockOwn.mockResolvedValue(current);
    const answer = await t.sut.execute(USER, 'e1');
    const [, id, sealed, previous, until] = t.endpoints.rotateSecret.mock.calls[0]!;
    expect({ id, previous, until }).toEqual({ id: 'e1', previous: current.secretSealed, until: new Date(NOW.getTime() + SECRET_OVERLAP_MS) });
    expect(box.open(sealed)).toBe(answer.secret);
    expect(answer.endpoint.previous_secret_expires_at).toBe('2026-11-26T10:00:00.000Z');
  });

  it("answers someone else's endpoint as unknown (404)", async () => {
    const t = setUp(RotateSecretUseCase);
    t.endpoints.lockOwn.mockResolvedValue(null);
    await expect(t.sut.execute(USER, 'e2')).rejects.toMatchObject({ status: 404 });
    expect(t.endpoints.rotateSecret).not.toHaveBeenCalled();
  });
});
