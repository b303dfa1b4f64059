import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Role } from '@coursa/domain';
import { signedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Every back-office route (spec back-office §7 and what we added) against every role: the table of who gets in.
let app: TestApp;
const tokens = new Map<Role | 'anonymous', string | undefined>();
const ROLES: (Role | 'anonymous')[] = ['anonymous', 'client', 'salaried_delivery', 'independent_delivery', 'support', 'admin', 'super_admin'];
const NOBODY = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  app = await startTestApp();
  tokens.set('anonymous', undefined);
  for (const role of ROLES.slice(1)) tokens.set(role, (await signedIn(app, role as Role)).token);
});
afterAll(async () => {
  await app?.close();
});

const STAFF: Role[] = ['admin', 'support', 'super_admin'];
const SUPER: Role[] = ['super_admin'];

/** [method, path, body, who may call it]. Writes use unknown ids or empty bodies: no side effects. */
const ROUTES: [string, string, unknown, Role[]][] = [
  ['GET', '/api/dashboard/stats', undefined, STAFF],
  ['GET', '/api/admin/analytics?period=7days', undefined, STAFF],
  ['GET', '/api/admin/users', undefined, STAFF],
  ['PUT', `/api/users/${NOBODY}/toggle-status`, undefined, STAFF],
  ['DELETE', `/api/admin/users/${NOBODY}`, undefined, STAFF],
  ['GET', '/api/admin/courses', undefined, STAFF],
  ['PUT', `/api/admin/courses/${NOBODY}/status?new_status=cancelled`, undefined, STAFF],
  ['POST', '/api/admin/create-delivery-person', {}, STAFF],
  ['POST', '/api/upload/personal-photo', undefined, STAFF],
  ['POST', '/api/upload/id-photo', undefined, STAFF],
  ['GET', `/api/files/${NOBODY}`, undefined, STAFF],
  ['POST', '/api/super-admin/create-admin', {}, SUPER],
  ['GET', '/api/super-admin/audit-logs?limit=50', undefined, SUPER],
  ['GET', '/api/super-admin/audit-stats', undefined, SUPER],
  ['GET', '/api/admin/commissions/pending', undefined, STAFF],
  ['GET', '/api/admin/commissions/summary', undefined, STAFF],
  ['GET', '/api/admin/payment-requests', undefined, STAFF],
  ['POST', `/api/admin/payment-requests/${NOBODY}/approve`, undefined, STAFF],
  ['POST', `/api/admin/payment-requests/${NOBODY}/reject`, undefined, STAFF],
  ['POST', '/api/admin/commissions/process-payment', {}, STAFF],
  ['POST', '/api/admin/commissions/weekly-run', { iso_week: '2020-W01' }, STAFF],
  ['GET', '/api/admin/payouts', undefined, STAFF],
  ['GET', '/api/admin/disputes', undefined, STAFF],
  ['PUT', `/api/admin/disputes/${NOBODY}`, { status: 'resolved' }, STAFF],
  ['GET', '/api/admin/support-requests', undefined, STAFF],
  ['PUT', `/api/admin/support-requests/${NOBODY}`, { status: 'resolved' }, STAFF],
];

describe('back-office routes × roles', () => {
  it.each(ROUTES)('%s %s', async (method, path, body, allowed) => {
    const outcomes: Record<string, number> = {};
    for (const role of ROLES) {
      const answer = await app.request(method, path, body, { token: tokens.get(role) });
      outcomes[role] = answer.status;
      expect(answer.status).not.toBe(500);
      if (role === 'anonymous') expect({ role, status: answer.status }).toEqual({ role, status: 401 });
      else if (!allowed.includes(role as Role)) expect({ role, status: answer.status }).toEqual({ role, status: 403 });
      else expect({ role, forbidden: [401, 403].includes(answer.status) }).toEqual({ role, forbidden: false });
    }
  });

  it('migrating to super admin: refused to everyone once a super_admin exists (one does here)', async () => {
    for (const role of ROLES) {
      const answer = await app.request('POST', '/api/super-admin/migrate-to-super-admin', undefined, { token: tokens.get(role) });
      expect({ role, status: answer.status }).toEqual({ role, status: role === 'anonymous' ? 401 : 403 });
    }
  });
});
