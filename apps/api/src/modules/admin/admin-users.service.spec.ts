import { describe, expect, it, jest } from '@jest/globals';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import type { Tx } from '../../common/prisma/transaction.js';
import type { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import type { Clock } from '../../common/security/secrets.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { AuthStates } from '../users/auth-states.js';
import type { AdminUsersRepository, TargetUser } from './admin-users.repository.js';
import { AdminUsersService } from './admin-users.service.js';

const TX = { name: 'the transaction' } as unknown as Tx;
const NOW = new Date('2026-11-27T10:00:00Z');
const ADMIN = { id: 'admin-1', role: 'admin' } as AuthUser;
const CLIENT: TargetUser = { id: 'client-1', number: 42, role: 'client', isActive: true };

/** A repository whose rows are as staff saw them unless `changed`; `history` says whether other rows keep the user. */
function setUp({ changed = false, history = false } = {}) {
  const steps: string[] = [];
  const inTx = (tx: Tx) => (tx === TX ? '' : ' OUTSIDE');
  const page = { rows: [{ id: 'client-1', number: 42, fullName: 'Mamadou Baldé', phone: '+224622123456', email: null, role: 'client' as const, isActive: true, createdAt: NOW }], nextCursor: null, total: 1 };
  const users = {
    list: jest.fn(async (..._args: unknown[]) => page),
    search: jest.fn(async (..._args: unknown[]) => page),
    findTarget: jest.fn(async (_id: string) => CLIENT),
    setActiveIfUnchanged: jest.fn(async (tx: Tx, _target: TargetUser, isActive: boolean) => (steps.push(`set active ${isActive}${inTx(tx)}`), !changed)),
    endSessions: jest.fn(async (tx: Tx, id: string) => void steps.push(`end sessions ${id}${inTx(tx)}`)),
    lockTarget: jest.fn(async (tx: Tx) => (steps.push(`lock${inTx(tx)}`), !changed)),
    hasHistory: jest.fn(async (tx: Tx) => (steps.push(`history?${inTx(tx)}`), history)),
    anonymise: jest.fn(async (tx: Tx, _id: string, anonymised: { phone: string }) => void steps.push(`anonymise as ${anonymised.phone}${inTx(tx)}`)),
    delete: jest.fn(async (tx: Tx) => void steps.push(`delete${inTx(tx)}`)),
  };
  const audit = { record: jest.fn(async (entry: { action: string; details?: unknown }, tx?: Tx) => void steps.push(`audit ${entry.action} ${JSON.stringify(entry.details)}${inTx(tx!)}`)) };
  const uow = { run: jest.fn(async <T>(work: (tx: Tx) => Promise<T>) => work(TX)) };
  const authStates = { changed: jest.fn(async (_id: string) => {}) };
  const service = new AdminUsersService(
    users as unknown as AdminUsersRepository,
    audit as unknown as AuditRepository,
    uow as unknown as UnitOfWork,
    authStates as unknown as AuthStates,
    { now: () => NOW } as Clock,
    {} as never,
  );
  return { service, steps, authStates, users };
}

describe('AdminUsersService.list', () => {
  it('lists every account of the role without a search, and searches with one, under the same role', async () => {
    const t = setUp();
    expect((await t.service.list({ limit: 20, role: 'client' })).users).toEqual([
      { id: 'client-1', display_id: 'USR-000042', full_name: 'Mamadou Baldé', phone: '+224622123456', email: null, role: 'client', is_active: true, created_at: NOW.toISOString() },
    ]);
    expect(t.users.list).toHaveBeenCalledWith('client', { limit: 20, role: 'client' });
    expect(t.users.search).not.toHaveBeenCalled();

    await t.service.list({ limit: 20, q: '622 12 34 56' });
    expect(t.users.search).toHaveBeenCalledWith({ text: '622 12 34 56', phone: '+224622123456', courseNumber: null, userNumber: null }, undefined, { limit: 20, q: '622 12 34 56' });
    await t.service.list({ limit: 20, q: 'USR-000042' });
    expect(t.users.search).toHaveBeenLastCalledWith(expect.objectContaining({ userNumber: 42 }), undefined, expect.anything());
  });
});

describe('AdminUsersService.toggleStatus', () => {
  it('switches an account off, ending its sessions, with the audit row, in one transaction', async () => {
    const t = setUp();
    expect(await t.service.toggleStatus(ADMIN, CLIENT.id, '10.0.0.1')).toEqual({ id: CLIENT.id, is_active: false });
    expect(t.steps).toEqual(['set active false', 'end sessions client-1', 'audit user_disabled {"is_active":false}']);
    expect(t.authStates.changed).toHaveBeenCalledWith(CLIENT.id);
  });

  it('refuses an account changed since staff saw it, and writes nothing more', async () => {
    const t = setUp({ changed: true });
    await expect(t.service.toggleStatus(ADMIN, CLIENT.id)).rejects.toMatchObject({ code: 'USER_CHANGED' });
    expect(t.steps).toEqual(['set active false']);
    expect(t.authStates.changed).not.toHaveBeenCalled();
  });
});

describe('AdminUsersService.remove', () => {
  it('deletes an account without history', async () => {
    const t = setUp();
    expect(await t.service.remove(ADMIN, CLIENT.id)).toEqual({ success: true, message: 'Utilisateur supprimé avec succès.' });
    expect(t.steps).toEqual(['lock', 'history?', 'delete', 'audit user_deleted {"outcome":"deleted","role":"client"}']);
  });

  it('anonymises an account with history and ends its sessions', async () => {
    const t = setUp({ history: true });
    expect((await t.service.remove(ADMIN, CLIENT.id)).message).toContain('son historique est conservé');
    expect(t.steps).toEqual(['lock', 'history?', 'anonymise as +00042', 'end sessions client-1', 'audit user_deleted {"outcome":"anonymized","role":"client"}']);
  });

  it('refuses an account changed since staff saw it, before looking at its history', async () => {
    const t = setUp({ changed: true });
    await expect(t.service.remove(ADMIN, CLIENT.id)).rejects.toMatchObject({ code: 'USER_CHANGED' });
    expect(t.steps).toEqual(['lock']);
    expect(t.authStates.changed).not.toHaveBeenCalled();
  });
});
