import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@coursa/contracts';
import { DAY_MS } from '@coursa/domain';
import type { AuditLog, Prisma, User } from '../../generated/prisma/client.js';
import { Keyset, type PageRequest } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
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
  constructor(private readonly prisma: PrismaService) {}

  /** An activated admin. */
  createAdmin(tx: Tx, account: NewAccount, at: Date): Promise<User> {
    return tx.user.create({ data: { ...account, role: 'admin', activatedAt: at } });
  }

  /** True while the platform has no super administrator (the migration's first-run bootstrap). */
  async noSuperAdmin(tx: Tx = this.prisma.client): Promise<boolean> {
    return (await tx.user.count({ where: { role: 'super_admin' } })) === 0;
  }

  /**
   * Holds, until the transaction ends, the lock every first-run migration takes: a lock rather than a conditional
   * update, since two callers at once would each see no super_admin in their snapshot.
   */
  async lockSuperAdminMigration(tx: Tx): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('coursa:super-admin-migration'))`;
  }

  /** Makes the user super_admin; their session version moves, so their current tokens stop working. */
  async promoteToSuperAdmin(tx: Tx, userId: string): Promise<void> {
    await tx.user.update({ where: { id: userId }, data: { role: 'super_admin', sessionVersion: { increment: 1 } } });
  }

  /** Newest first, with the actor's name. */
  listAuditLogs(filter: AuditFilter, page: PageRequest) {
    const where = { ...(filter.action && { action: filter.action }), ...(filter.resourceType && { resourceType: filter.resourceType }) };
    return NEWEST_FIRST.read(page, where, (args) => this.prisma.client.auditLog.findMany({ ...args, include: { actor: { select: { fullName: true } } } }));
  }

  /**
   * Actions from midnight of `firstDay` to `until` (today): their total and number per action from the rollup by hour
   * and action; the `top` users who did the most from the window of the days before today (counted again on the
   * day's first read) plus today's per-actor counts (migration audit_actor_window), not a month of audit lines.
   * Counting the window again writes, on the primary; the figures are read on the replica when there is one (issue 41).
   */
  async auditActivity(firstDay: Date, until: Date, top: number) {
    const today = until.toISOString().slice(0, 10);
    const daysBefore = Math.round((Date.parse(today) - firstDay.getTime()) / DAY_MS);
    await this.prisma.client.$executeRaw`SELECT audit_actor_window_at(${today}::date, ${daysBefore}::int)`;
    const [byAction, byActor] = await Promise.all([
      this.prisma.figures(
        (db) => db.$queryRaw<{ action: string; count: number }[]>`
        SELECT action, sum(count)::int AS count FROM audit_hours_in(${firstDay}, ${until}) GROUP BY action HAVING sum(count) > 0 ORDER BY action`,
      ),
      // Whoever did nothing today keeps their window count: only the window's top few can outrank today's actors, and
      // of today's, only those whose actions today make up the difference (below). An account deleted meanwhile is left
      // out (its lines lost their actor; the window may still count it until tomorrow). The window counted again just
      // now on the primary reaches a replica a moment later, once a day: until the replica's state says today, the
      // primary answers.
      this.prisma.figures(async (replica) => {
        const current =
          replica === this.prisma.client ||
          (await replica.$queryRaw<unknown[]>`SELECT 1 FROM audit_actor_window_state WHERE as_of = ${today}::date AND days = ${daysBefore}::int`).length > 0;
        const db = current ? replica : this.prisma.client;
        return db.$queryRaw<{ fullName: string; role: User['role']; count: number }[]>`
        WITH ranked AS (
          SELECT w.actor_id, w.count FROM audit_actor_window w WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = w.actor_id)
          ORDER BY w.count DESC, w.actor_id LIMIT ${top} + 1
        ),
        top_window AS (SELECT actor_id, count FROM ranked ORDER BY count DESC, actor_id LIMIT ${top}),
        -- The window's top have these totals: the lowest of them is a floor for the last of the answer. Anyone else has
        -- a window count of the next one's at most (none when the window has no more): they reach that floor only with
        -- the difference done today. A busy day's thousands of actors are read in one index range, a few looked up.
        today_needed AS (
          SELECT CASE WHEN count(*) < ${top} THEN 0
                 ELSE min(t.count + coalesce(d.count, 0)) - coalesce((SELECT min(r.count) FROM ranked r HAVING count(*) > ${top}), 0) END AS actions
          FROM top_window t LEFT JOIN audit_actor_days d ON d.day = ${today}::date AND d.actor_id = t.actor_id
        ),
        candidates AS (
          SELECT actor_id FROM top_window
          UNION
          SELECT d.actor_id FROM audit_actor_days d, today_needed n WHERE d.day = ${today}::date AND d.count >= n.actions
        )
        -- A few primary-key steps per candidate (OFFSET 0 keeps the user's a step): joins would hash the whole window and
        -- every user, the planner expecting thousands of candidates where there are tens.
        SELECT u.full_name AS "fullName", u.role, k.count
        FROM candidates c
        CROSS JOIN LATERAL (SELECT (coalesce((SELECT w.count FROM audit_actor_window w WHERE w.actor_id = c.actor_id), 0)
          + coalesce((SELECT d.count FROM audit_actor_days d WHERE d.day = ${today}::date AND d.actor_id = c.actor_id), 0))::int AS count OFFSET 0) k
        CROSS JOIN LATERAL (SELECT full_name, role FROM users WHERE users.id = c.actor_id OFFSET 0) u
        WHERE k.count > 0
        ORDER BY k.count DESC, c.actor_id LIMIT ${top}`;
      }),
    ]);
    return {
      total: byAction.reduce((sum, group) => sum + group.count, 0),
      byAction,
      mostActive: byActor.map(({ count, ...user }) => ({ user, count })),
    };
  }
}
