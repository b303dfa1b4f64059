import { describe, expect, it, type jest } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { RateLimiterService } from '../../../common/rate-limit/rate-limiter.service.js';
import { PasswordHasher } from '../../../common/security/secrets.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { AuthStates } from '../../users/auth-states.js';
import { AdminUsersRepository, type TargetUser } from '../admin-users.repository.js';
import { ResetUserPasswordUseCase, STAFF_RESET_LIMITS } from './reset-user-password.use-case.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const COURIER: TargetUser = { id: 'courier-1', number: 7, role: 'independent_delivery', isActive: true };
const staff = (role: AuthUser['role'], id = 'staff-1') => ({ id, role }) as AuthUser;

function setUp(target: TargetUser | null = COURIER) {
  const t = newTestService(ResetUserPasswordUseCase, { now: NOW });
  const users = t.mock(AdminUsersRepository);
  users.findTarget.mockResolvedValue(target);
  users.setPasswordIfUnchanged.mockResolvedValue('+224660000007');
  t.mock(PasswordHasher).hash.mockResolvedValue('argon2:temporary');
  return { ...t, users, outbox: t.mock(OutboxRepository), audit: t.mock(AuditRepository), authStates: t.mock(AuthStates), limiter: t.mock(RateLimiterService) };
}

describe('ResetUserPasswordUseCase', () => {
  it('sets a temporary password, sends it by SMS and ends every session, in one transaction, audited', async () => {
    const t = setUp();

    await expect(t.sut.execute(staff('support'), 'courier-1', '10.0.0.1')).resolves.toEqual({
      message: "Mot de passe temporaire envoyé par SMS au +224660000007. L'utilisateur le changera dans Mon Profil.",
      sent_to: '+224660000007',
    });
    expect(t.random.token as unknown as jest.Mock).toHaveBeenCalledWith(9);
    expect(t.users.setPasswordIfUnchanged).toHaveBeenCalledWith(t.tx, COURIER, 'argon2:temporary');
    expect(t.users.endSessions).toHaveBeenCalledWith(t.tx, 'courier-1', NOW);
    expect(t.outbox.add).toHaveBeenCalledWith(t.tx, {
      type: 'sms',
      aggregateType: 'user',
      aggregateId: 'courier-1',
      payload: { to: '+224660000007', kind: 'temporary_password', text: expect.stringMatching(/Mot de passe temporaire : token-1$/) },
    });
    expect(t.audit.record).toHaveBeenCalledWith(
      { actorId: 'staff-1', actorRole: 'support', action: 'password_reset_by_staff', resourceType: 'user', resourceId: 'courier-1', success: true, ip: '10.0.0.1', details: { sent_to: '+224660000007' } },
      t.tx,
    );
    // The password itself is in no audit row.
    expect(JSON.stringify(t.audit.record.mock.calls)).not.toContain('token-1');
    expect(t.authStates.changed).toHaveBeenCalledWith('courier-1');
    expect(t.limiter.hit).toHaveBeenCalledWith([STAFF_RESET_LIMITS.perStaff, 'staff-1'], [STAFF_RESET_LIMITS.perAccount, 'courier-1']);
  });

  it.each([
    ['an unknown account', null, staff('admin'), 'USER_NOT_FOUND'],
    ['their own account', { ...COURIER, id: 'staff-1', role: 'admin' as const }, staff('admin'), 'CANNOT_RESET_OWN_PASSWORD'],
    ['an admin, for support', { ...COURIER, role: 'admin' as const }, staff('support'), 'ROLE_ABOVE_YOURS'],
    ['a super administrator, for an admin', { ...COURIER, role: 'super_admin' as const }, staff('admin'), 'SUPER_ADMIN_PROTECTED'],
  ])('refuses %s, changing nothing', async (_case, target, actor, code) => {
    const t = setUp(target);
    await expect(t.sut.execute(actor, target?.id ?? 'nobody')).rejects.toMatchObject({ code });
    expect(t.unitOfWork.run).not.toHaveBeenCalled();
    expect(t.limiter.hit).not.toHaveBeenCalled();
  });

  it('sends nothing when the account changed meanwhile', async () => {
    const t = setUp();
    t.users.setPasswordIfUnchanged.mockResolvedValue(null);
    await expect(t.sut.execute(staff('admin'), 'courier-1')).rejects.toMatchObject({ code: 'USER_CHANGED' });
    expect(t.outbox.add).not.toHaveBeenCalled();
    expect(t.users.endSessions).not.toHaveBeenCalled();
    expect(t.authStates.changed).not.toHaveBeenCalled();
  });

  it('is refused once over its limits, before any change', async () => {
    const t = setUp();
    t.limiter.hit.mockRejectedValue(Object.assign(new Error('Trop de requêtes'), { code: 'RATE_LIMITED' }));
    await expect(t.sut.execute(staff('admin'), 'courier-1')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(t.unitOfWork.run).not.toHaveBeenCalled();
  });
});
