import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_STATE_TTL_MS } from '../../apps/api/src/modules/users/auth-states.js';
import { createAccount, login, newIp, signedIn } from '../support/accounts.js';
import { requestJson } from '../support/http.js';
import { codeIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// Two API processes on one database and Redis, as behind a load balancer: A is its own Node process (main.ts), B runs
// in this one. Each keeps the session checks it made for a few seconds; a change of a user's auth state made through
// A must be seen by B at once, not when B's copy expires.
let app: TestApp;
let processB: string;
beforeAll(async () => {
  // No queue board: process B, in Jest, could not load it.
  app = await startTestApp({ OPS_BOARD: 'false' }, { apiProcess: true });
  processB = await app.startAnotherApi();
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const onA = (method: string, path: string, body?: unknown, token?: string) => app.request(method, path, body, { token, ip: newIp() });
const meOn = async (baseUrl: string, token: string) => (await requestJson(baseUrl, 'GET', '/api/auth/me', undefined, { token })).status;

/** A signed-in client whose session both processes have checked (and so keep). */
async function checkedOnBoth() {
  const account = await createAccount(app);
  const session = await login(app, account.phone, account.password);
  expect(await meOn(app.baseUrl, session.access_token)).toBe(200);
  expect(await meOn(processB, session.access_token)).toBe(200);
  return { ...account, session };
}

describe('the session check kept in memory by each API process', () => {
  it('is kept: a change written straight into the database, announced to no one, shows within the few seconds it is kept', async () => {
    const { user, session } = await checkedOnBoth();
    await app.db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await meOn(processB, session.access_token)).toBe(200);
    await waitFor('B to read the account again', () => meOn(processB, session.access_token), (status) => status === 401, AUTH_STATE_TTL_MS + 2_000, 200);
  });

  it('a password changed on A: B refuses the old token at once and takes the new one', async () => {
    const { password, session } = await checkedOnBoth();
    const changed = await onA('POST', '/api/auth/change-password', { current_password: password, new_password: 'nouveau-123' }, session.access_token);
    expect(changed.status).toBe(200);
    expect(await meOn(processB, session.access_token)).toBe(401);
    expect(await meOn(processB, changed.body.access_token)).toBe(200);
  });

  it('a password reset on A: B refuses the old token at once', async () => {
    const { phone, session } = await checkedOnBoth();
    expect((await onA('POST', '/api/auth/forgot-password-choice', { contact: phone, method: 'sms' })).status).toBe(200);
    const code = codeIn((await app.outbox.waitFor((line) => line.to === phone && line.kind === 'reset_code')).text);
    const reset = await onA('POST', '/api/auth/reset-password-choice', { contact: phone, method: 'sms', reset_code: code, new_password: 'tout-neuf-1' });
    expect(reset.status).toBe(200);
    expect(await meOn(processB, session.access_token)).toBe(401);
  });

  it('an account disabled on A: B refuses its token at once; enabled again, it signs in and is served on B', async () => {
    const admin = await signedIn(app, 'admin');
    const { user, phone, password, session } = await checkedOnBoth();
    expect((await onA('PUT', `/api/users/${user.id}/toggle-status`, undefined, admin.token)).body).toEqual({ id: user.id, is_active: false });
    expect(await meOn(processB, session.access_token)).toBe(401);
    expect((await onA('PUT', `/api/users/${user.id}/toggle-status`, undefined, admin.token)).body).toEqual({ id: user.id, is_active: true });
    const again = await login(app, phone, password);
    expect(await meOn(processB, again.access_token)).toBe(200);
  });

  it('an account deleted on A: B refuses its token at once', async () => {
    const admin = await signedIn(app, 'admin');
    const { user, session } = await checkedOnBoth();
    expect((await onA('DELETE', `/api/admin/users/${user.id}`, undefined, admin.token)).status).toBe(200);
    expect(await meOn(processB, session.access_token)).toBe(401);
  });

  it('an admin who becomes super administrator on A: B refuses their admin token at once', async () => {
    const admin = await signedIn(app, 'admin');
    expect(await meOn(processB, admin.token)).toBe(200);
    expect((await onA('POST', '/api/super-admin/migrate-to-super-admin', undefined, admin.token)).status).toBe(200);
    expect(await meOn(processB, admin.token)).toBe(401);
    const superAdmin = await login(app, admin.phone, admin.password);
    expect((await requestJson(processB, 'GET', '/api/auth/me', undefined, { token: superAdmin.access_token })).body).toMatchObject({ role: 'super_admin' });
  });
});
