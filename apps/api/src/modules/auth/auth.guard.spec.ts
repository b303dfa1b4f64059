import 'reflect-metadata';
import { describe, expect, it, jest } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiKeyScope, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ApiKeyAuth, type ApiKeyCheck } from '../api-keys/api-key-auth.service.js';
import { ApiKeyErrors } from '../api-keys/api-keys.errors.js';
import { AuthGuard } from './auth.guard.js';
import type { SessionCheck, SessionCheckResult } from './session-check.service.js';

class Routes {
  @Roles('client')
  @ApiKeyScope('deliveries:write')
  order() {}

  @ApiKeyScope('deliveries:read')
  read() {}

  courses() {}

  @Roles('admin')
  @ApiKeyScope('deliveries:read')
  staffOnly() {}
}

const MERCHANT = { id: 'merchant-1', role: 'client' as const, fullName: 'Aminata Sow' };
const KEY = 'cs_live_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';

function setUp(key: ApiKeyCheck = { verdict: 'valid', caller: { ...MERCHANT, apiKey: { id: 'key-1', scopes: ['deliveries:write'] } } }) {
  const sessions = { verify: jest.fn(async (): Promise<SessionCheckResult> => ({ verdict: 'valid', user: { ...MERCHANT, sv: 1 } })) };
  const apiKeys = { authenticate: jest.fn(async (_token: string, _ip: string) => key), requireScope: ApiKeyAuth.prototype.requireScope };
  const guard = new AuthGuard(new Reflector(), sessions as unknown as SessionCheck, apiKeys as unknown as ApiKeyAuth);
  const request: { headers: Record<string, string>; ip: string; user?: AuthUser } = { headers: {}, ip: '197.149.1.10' };
  const call = (route: keyof Routes, token: string) => {
    request.headers.authorization = `Bearer ${token}`;
    const context = {
      getType: () => 'http',
      getHandler: () => Routes.prototype[route],
      getClass: () => Routes,
      switchToHttp: () => ({ getRequest: () => request }),
    } as unknown as ExecutionContext;
    return guard.canActivate(context);
  };
  return { sessions, apiKeys, request, call };
}

describe('AuthGuard with an API key', () => {
  it('checks a cs_live_ token as a key, never as a session, and lets it in as its merchant with the key', async () => {
    const t = setUp();
    await expect(t.call('order', KEY)).resolves.toBe(true);
    expect(t.apiKeys.authenticate).toHaveBeenCalledWith(KEY, '197.149.1.10');
    expect(t.sessions.verify).not.toHaveBeenCalled();
    expect(t.request.user).toEqual({ ...MERCHANT, apiKey: { id: 'key-1', scopes: ['deliveries:write'] } });
  });

  it('refuses a key on a route that takes none (403), and on a route of a scope it lacks, naming the scope (403)', async () => {
    await expect(setUp().call('courses', KEY)).rejects.toMatchObject({ status: 403, code: 'API_KEY_ROUTE_FORBIDDEN' });
    await expect(setUp().call('read', KEY)).rejects.toMatchObject({ status: 403, detail: 'Cette clé d’API n’a pas la permission « deliveries:read ».' });
  });

  it("still applies the route's roles to a key's merchant", async () => {
    const t = setUp({ verdict: 'valid', caller: { ...MERCHANT, apiKey: { id: 'key-1', scopes: ['deliveries:read'] } } });
    await expect(t.call('staffOnly', KEY)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it("answers a key of a disabled account as a disabled account's session (401), and passes on the key's refusals", async () => {
    await expect(setUp({ verdict: 'disabled' }).call('order', KEY)).rejects.toMatchObject({ status: 401, code: 'ACCOUNT_DISABLED' });
    const t = setUp();
    t.apiKeys.authenticate.mockRejectedValue(ApiKeyErrors.revoked());
    await expect(t.call('order', KEY)).rejects.toMatchObject({ status: 401, code: 'API_KEY_REVOKED' });
  });

  it('lets a session in on a key route as before, without a key', async () => {
    const t = setUp();
    await expect(t.call('order', 'eyJhbGciOiJIUzI1NiJ9.e30.signature')).resolves.toBe(true);
    expect(t.apiKeys.authenticate).not.toHaveBeenCalled();
    expect(t.request.user).toEqual(MERCHANT);
  });
});
