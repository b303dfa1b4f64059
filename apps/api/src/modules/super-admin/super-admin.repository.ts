import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@coursa/contracts';
import type { AuditLog, Prisma, User } from '../../generated/prisma/client.js';
import { Keyset, type PageRequest } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { Actor } from '../../common/auth/actor.js';
import type { NewAccount } from '../onboarding/new-accounts.js';

export interface AuditFilter {
  action?: AuditAction;
  resourceType: string | null;
}

const NEWEST_FIRST = new Keyset<Pick<AuditLog, 'at' | 'id'>, Prisma.AuditLogWhereInput, Prisma.AuditLogOrderByWithRelationInput>([
  { field: 'at', order: 'desc', kind: 'date' },
  { field: 'id', order: 'desc', kind: 'uuid' },
]);

@Injectable()
export class SuperAdminRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
  ) {}

  /** An activated admin and the audit row, in one transaction. */
  createAdmin(actor: Actor, account: NewAccount, at: Date): Promise<User> {
    return this.prisma.client.$transaction(async (tx) => {
      const admin = await tx.user.create({ data: { ...account, role: 'admin', activatedAt: at } });
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'admin_created', resourceType: 'user', resourceId: admin.id, success: true, ip: actor.ip },
        tx,
      );
      return admin;
    });
  }

  /** True while the platform has no super administrator (the migration's first-run bootstrap). */
  async noSuperAdmin(): Promise<boolean> {
    return (await this.prisma.client.user.count({ where: { role: 'super_admin' } })) === 0;
  }

  /**
   * Makes the caller super_admin if the platform has none yet (first-run bootstrap); false otherwise. The audit
   * row is written either way. The caller's session version moves, so their current tokens stop working.
   */
  migrateToSuperAdmin(actor: Actor): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      // A lock rather than a conditional update: two callers at once would each see no super_admin in their snapshot.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('coursa:super-admin-migration'))`;
      const allowed = (await tx.user.count({ where: { role: 'super_admin' } })) === 0;
      if (allowed) await tx.user.update({ where: { id: actor.id }, data: { role: 'super_admin', sessionVersion: { increment: 1 } } });
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'super_admin_migration', resourceType: 'user', resourceId: actor.id, success: allowed, ip: actor.ip },
        tx,
      );
      return allowed;
    });
  }

  /** Newest first, with the actor's name. */
  listAuditLogs(filter: AuditFilter, page: PageRequest) {
    const where = { ...(filter.action && { action: filter.action }), ...(filter.resourceType && { resourceType: filter.resourceType }) };
    return NEWEST_FIRST.read(page, where, (args) => this.prisma.client.auditLog.findMany({ ...args, include: { actor: { select: { fullName: true } } } }));
  }

  /**
   * Actions in [since, until): their total, their number per action, and the `top` users who did the most; from the
   * rollups by hour × action and day × actor the trigger on audit_logs keeps (issue 25), not a month of audit lines.
   */
  async auditActivity(since: Date, until: Date, top: number) {
    const [byAction, byActor] = await Promise.all([
      this.prisma.client.$queryRaw<{ action: string; count: number }[]>`
        SELECT action, sum(count)::int AS count FROM audit_hours_in(${since}, ${until}) GROUP BY action HAVING sum(count) > 0 ORDER BY action`,
      this.prisma.client.$queryRaw<{ actorId: string; count: number }[]>`
        SELECT actor_id AS "actorId", sum(count)::int AS count FROM audit_actor_days_in(${since}, ${until})
        GROUP BY actor_id HAVING sum(count) > 0 ORDER BY count DESC, actor_id LIMIT ${top}`,
    ]);
    const actors = await this.prisma.client.user.findMany({
      where: { id: { in: byActor.map((group) => group.actorId) } },
      select: { id: true, fullName: true, role: true },
    });
    const actorsById = new Map(actors.map((actor) => [actor.id, actor]));
    return {
      total: byAction.reduce((sum, group) => sum + group.count, 0),
      byAction,
      // A user deleted meanwhile is left out.
      mostActive: byActor.flatMap((group) => {
        const user = actorsById.get(group.actorId);
        return user ? [{ user, count: group.count }] : [];
      }),
    };
  }
}
