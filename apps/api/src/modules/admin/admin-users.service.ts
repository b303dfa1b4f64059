import { Injectable } from '@nestjs/common';
import type { AdminUsersResponse, StaffPasswordResetResponse } from '@coursa/contracts';
import { isStaff, mayManageAccount, searchTerms } from '@coursa/domain';
import type { UsersQueryInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { Clock } from '../../common/security/secrets.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { AuthStates } from '../users/auth-states.js';
import { toAdminUserDto } from '../users/users.mapper.js';
import { AdminErrors } from './admin.errors.js';
import { AdminUsersRepository, type TargetUser } from './admin-users.repository.js';
import { ResetUserPasswordUseCase } from './use-cases/reset-user-password.use-case.js';

const ANONYMISED_NAME = 'Utilisateur supprimé';
/** Not an argon2 hash: no password ever matches it. */
const UNUSABLE_PASSWORD_HASH = '!anonymised';

@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
    private readonly authStates: AuthStates,
    private readonly clock: Clock,
    private readonly resetUserPassword: ResetUserPasswordUseCase,
  ) {}

  /** A temporary password by SMS, the user's sessions ended (ResetUserPasswordUseCase). */
  resetPassword(staff: AuthUser, id: string, ip?: string): Promise<StaffPasswordResetResponse> {
    return this.resetUserPassword.execute(staff, id, ip);
  }

  /** Newest first, a page at a time: every account of the role, or those a search finds (`q`, issue 38). */
  async list(query: UsersQueryInput): Promise<AdminUsersResponse> {
    const page = query.q ? await this.users.search(searchTerms(query.q), query.role, query) : await this.users.list(query.role, query);
    return {
      users: page.rows.map(toAdminUserDto),
      next_cursor: page.nextCursor,
      total: page.total,
    };
  }

  /** Staff cannot switch themselves off, nor an account of a role above their own (support an admin, an admin a super administrator). */
  async toggleStatus(staff: AuthUser, id: string, ip?: string): Promise<{ id: string; is_active: boolean }> {
    const target = await this.target(id);
    if (target.id === staff.id) throw AdminErrors.cannotDisableSelf();
    if (!mayManageAccount(staff.role, target.role)) throw AdminErrors.roleAbove(target.role);
    const isActive = !target.isActive;
    // Switching off ends its sessions: refresh tokens revoked, access tokens of the old session version refused.
    const changed = await this.uow.run(async (tx) => {
      if (!(await this.users.setActiveIfUnchanged(tx, target, isActive))) return false;
      if (!isActive) await this.users.endSessions(tx, target.id, this.clock.now());
      await this.audit.record(
        { actorId: staff.id, actorRole: staff.role, action: isActive ? 'user_enabled' : 'user_disabled', resourceType: 'user', resourceId: target.id, success: true, ip, details: { is_active: isActive } },
        tx,
      );
      return true;
    });
    if (!changed) throw AdminErrors.userChanged();
    await this.authStates.changed(target.id);
    return { id: target.id, is_active: isActive };
  }

  /**
   * Never a staff account, never oneself. A user with history is anonymised (their courses and money rows stay,
   * their personal data goes; the placeholder phone is unique and cannot be dialled); one without is deleted.
   */
  async remove(staff: AuthUser, id: string, ip?: string): Promise<{ success: true; message: string }> {
    const target = await this.target(id);
    if (target.id === staff.id) throw AdminErrors.cannotDeleteSelf();
    // No staff account is ever deleted, so no account of a role above one's own either.
    if (isStaff(target.role)) throw AdminErrors.staffNotDeletable();
    const at = this.clock.now();
    const outcome = await this.uow.run(async (tx) => {
      // Null when the account changed since staff saw it.
      if (!(await this.users.lockTarget(tx, target))) return null;
      const outcome = (await this.users.hasHistory(tx, target.id)) ? 'anonymized' : 'deleted';
      if (outcome === 'anonymized') {
        await this.users.anonymise(tx, target.id, { fullName: ANONYMISED_NAME, phone: `+000${target.number}`, passwordHash: UNUSABLE_PASSWORD_HASH }, at);
        await this.users.endSessions(tx, target.id, at);
      } else {
        await this.users.delete(tx, target.id);
      }
      await this.audit.record(
        { actorId: staff.id, actorRole: staff.role, action: 'user_deleted', resourceType: 'user', resourceId: target.id, success: true, ip, details: { outcome, role: target.role } },
        tx,
      );
      return outcome;
    });
    if (!outcome) throw AdminErrors.userChanged();
    await this.authStates.changed(target.id);
    const message =
      outcome === 'deleted'
        ? 'Utilisateur supprimé avec succès.'
        : 'Utilisateur supprimé avec succès : ses données personnelles sont effacées, son historique est conservé.';
    return { success: true, message };
  }

  private async target(id: string): Promise<TargetUser> {
    const target = await this.users.findTarget(id);
    if (!target) throw AdminErrors.userNotFound();
    return target;
  }
}
