import { Injectable } from '@nestjs/common';
import type { AuditLogsResponse, AuditStatsDto, MigrationAvailabilityDto, SuccessResponse } from '@coursa/contracts';
import { DAY_MS, startOfDay } from '@coursa/domain';
import type { AccountInput, AuditLogsInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { Clock } from '../../common/security/secrets.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { NewAccounts } from '../onboarding/new-accounts.js';
import { AuthStates } from '../users/auth-states.js';
import { SuperAdminErrors, SuperAdminMessages } from './super-admin.errors.js';
import { SuperAdminRepository } from './super-admin.repository.js';

/** Spec §9: the audit stats cover 30 days (today and the 29 whole days before); actions per day are the total divided by 30. */
const AUDIT_STATS_DAYS = 30;
const MOST_ACTIVE_USERS = 5;

@Injectable()
export class SuperAdminService {
  constructor(
    private readonly repository: SuperAdminRepository,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
    private readonly accounts: NewAccounts,
    private readonly authStates: AuthStates,
    private readonly clock: Clock,
  ) {}

  /** An activated admin and the audit row, in one transaction. */
  async createAdmin(superAdmin: AuthUser, input: AccountInput, ip: string): Promise<SuccessResponse> {
    const account = await this.accounts.prepare(input);
    await this.uow.run(async (tx) => {
      const admin = await this.repository.createAdmin(tx, account, this.clock.now());
      await this.audit.record({ actorId: superAdmin.id, actorRole: superAdmin.role, action: 'admin_created', resourceType: 'user', resourceId: admin.id, success: true, ip }, tx);
    });
    return { success: true, message: SuperAdminMessages.adminCreated };
  }

  /** An admin may migrate exactly while no super_admin exists; a super_admin never (there is one: themselves). */
  async migrationAvailability(staff: AuthUser): Promise<MigrationAvailabilityDto> {
    return { available: staff.role === 'admin' && (await this.repository.noSuperAdmin()) };
  }

  /**
   * Makes the caller super_admin if the platform has none yet (first-run bootstrap). The audit row is written either
   * way, in the same transaction as the check, under a lock two callers at once queue on.
   */
  async migrateToSuperAdmin(staff: AuthUser, ip: string): Promise<SuccessResponse> {
    const allowed = await this.uow.run(async (tx) => {
      await this.repository.lockSuperAdminMigration(tx);
      const allowed = await this.repository.noSuperAdmin(tx);
      if (allowed) await this.repository.promoteToSuperAdmin(tx, staff.id);
      await this.audit.record({ actorId: staff.id, actorRole: staff.role, action: 'super_admin_migration', resourceType: 'user', resourceId: staff.id, success: allowed, ip }, tx);
      return allowed;
    });
    if (!allowed) throw SuperAdminErrors.superAdminExists();
    await this.authStates.changed(staff.id);
    return { success: true, message: SuperAdminMessages.migrated };
  }

  async auditLogs(query: AuditLogsInput): Promise<AuditLogsResponse> {
    const { rows, nextCursor } = await this.repository.listAuditLogs({ action: query.action, resourceType: query.resource_type }, query);
    return {
      logs: rows.map((log) => ({
        id: log.id,
        timestamp: log.at.toISOString(),
        user_name: log.actor?.fullName ?? null,
        user_role: log.actorRole,
        action: log.action,
        resource_type: log.resourceType,
        resource_id: log.resourceId,
        success: log.success,
        ip: log.ip,
      })),
      next_cursor: nextCursor,
    };
  }

  async auditStats(): Promise<AuditStatsDto> {
    const now = this.clock.now();
    const firstDay = new Date(startOfDay(now).getTime() - (AUDIT_STATS_DAYS - 1) * DAY_MS);
    const activity = await this.repository.auditActivity(firstDay, now, MOST_ACTIVE_USERS);
    return {
      total_actions: activity.total,
      actions_per_day: Math.round((activity.total / AUDIT_STATS_DAYS) * 10) / 10,
      most_active_users: activity.mostActive.map(({ user, count }) => ({ user_name: user.fullName, user_role: user.role, actions: count })),
      actions_by_type: Object.fromEntries(activity.byAction.map(({ action, count }) => [action, count])),
    };
  }
}
