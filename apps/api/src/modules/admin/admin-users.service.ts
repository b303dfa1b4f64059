import { Injectable } from '@nestjs/common';
import type { AdminUsersResponse } from '@coursa/contracts';
import { isStaff, mayManageAccount } from '@coursa/domain';
import type { UsersQueryInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/security/secrets.js';
import type { Actor } from '../../common/auth/actor.js';
import { AuthStates } from '../users/auth-states.js';
import { AdminErrors } from './admin.errors.js';
import { AdminUsersRepository, type TargetUser } from './admin-users.repository.js';

const ANONYMISED_NAME = 'Utilisateur supprimé';
/** Not an argon2 hash: no password ever matches it. */
const UNUSABLE_PASSWORD_HASH = '!anonymised';

@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly authStates: AuthStates,
    private readonly clock: Clock,
  ) {}

  /** Newest first, a page at a time. */
  async list(query: UsersQueryInput): Promise<AdminUsersResponse> {
    const page = await this.users.list(query.role, query);
    return {
      users: page.rows.map((user) => ({
        id: user.id,
        display_id: `USR-${String(user.number).padStart(6, '0')}`,
        full_name: user.fullName,
        phone: user.phone,
        email: user.email,
        role: user.role,
        is_active: user.isActive,
        created_at: user.createdAt.toISOString(),
      })),
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
    if (!(await this.users.setActive(target, isActive, actor(staff, ip), this.clock.now()))) throw AdminErrors.userChanged();
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
    const outcome = await this.users.remove(
      target,
      { fullName: ANONYMISED_NAME, phone: `+000${target.number}`, passwordHash: UNUSABLE_PASSWORD_HASH },
      actor(staff, ip),
      this.clock.now(),
    );
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

const actor = (staff: AuthUser, ip?: string): Actor => ({ id: staff.id, role: staff.role, ip });
