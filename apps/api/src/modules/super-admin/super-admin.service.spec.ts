import { describe, expect, it, jest } from '@jest/globals';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import type { Tx } from '../../common/prisma/transaction.js';
import type { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import type { Clock } from '../../common/security/secrets.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { NewAccounts } from '../onboarding/new-accounts.js';
import type { AuthStates } from '../users/auth-states.js';
import type { SuperAdminRepository } from './super-admin.repository.js';
import { SuperAdminMessages } from './super-admin.errors.js';
import { SuperAdminService } from './super-admin.service.js';

const TX = { name: 'the transaction' } as unknown as Tx;
const ADMIN = { id: 'admin-1', role: 'admin' } as AuthUser;

function setUp(superAdmins: number) {
  const steps: string[] = [];
  const repository = {
    lockSuperAdminMigration: jest.fn(async (tx: Tx) => void steps.push(tx === TX ? 'lock in tx' : 'lock outside')),
    noSuperAdmin: jest.fn(async (tx?: Tx) => (steps.push(tx === TX ? 'count in tx' : 'count outside'), superAdmins === 0)),
    promoteToSuperAdmin: jest.fn(async (tx: Tx, id: string) => void steps.push(`promote ${id}${tx === TX ? ' in tx' : ''}`)),
  };
  const audit = { record: jest.fn(async (entry: { success: boolean }, tx?: Tx) => void steps.push(`audit ${entry.success}${tx === TX ? ' in tx' : ''}`)) };
  const uow = { run: jest.fn(async <T>(work: (tx: Tx) => Promise<T>) => work(TX)) };
  const authStates = { changed: jest.fn(async (_userId: string) => {}) };
  const service = new SuperAdminService(
    repository as unknown as SuperAdminRepository,
    audit as unknown as AuditRepository,
    uow as unknown as UnitOfWork,
    {} as NewAccounts,
    authStates as unknown as AuthStates,
    { now: () => new Date() } as Clock,
  );
  return { service, steps, authStates };
}

describe('SuperAdminService.migrateToSuperAdmin', () => {
  it('promotes the first admin to ask, checking and writing under the lock in one transaction', async () => {
    const { service, steps, authStates } = setUp(0);
    expect(await service.migrateToSuperAdmin(ADMIN, '10.0.0.1')).toEqual({ success: true, message: SuperAdminMessages.migrated });
    expect(steps).toEqual(['lock in tx', 'count in tx', 'promote admin-1 in tx', 'audit true in tx']);
    expect(authStates.changed).toHaveBeenCalledWith('admin-1');
  });

  it('refuses once a super administrator exists, and audits the refusal', async () => {
    const { service, steps, authStates } = setUp(1);
    await expect(service.migrateToSuperAdmin(ADMIN, '10.0.0.1')).rejects.toMatchObject({ code: 'SUPER_ADMIN_EXISTS' });
    expect(steps).toEqual(['lock in tx', 'count in tx', 'audit false in tx']);
    expect(authStates.changed).not.toHaveBeenCalled();
  });
});
