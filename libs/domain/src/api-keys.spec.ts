import { describe, expect, it } from '@jest/globals';
import { apiKeyStatus, apiKeyUsable } from './api-keys.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const before = new Date(NOW.getTime() - 1);
const after = new Date(NOW.getTime() + 1);

describe('apiKeyStatus', () => {
  it('is active without an end, expiring before its end, expired from it on, revoked whatever its end', () => {
    expect(apiKeyStatus({ revokedAt: null, expiresAt: null }, NOW)).toBe('active');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: after }, NOW)).toBe('expiring');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: NOW }, NOW)).toBe('expired');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: before }, NOW)).toBe('expired');
    expect(apiKeyStatus({ revokedAt: before, expiresAt: after }, NOW)).toBe('revoked');
    expect(apiKeyStatus({ revokedAt: before, expiresAt: null }, NOW)).toBe('revoked');
  });

  it('lets a key in while active or on its overlap only', () => {
    expect(['active', 'expiring', 'expired', 'revoked'].filter((status) => apiKeyUsable(status as never))).toEqual(['active', 'expiring']);
  });
});
