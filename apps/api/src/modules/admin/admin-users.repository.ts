import { Injectable } from '@nestjs/common';
import type { Role } from '@coursa/domain';
import type { Prisma } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { Actor } from '../../common/auth/actor.js';

const LISTED = { id: true, number: true, fullName: true, phone: true, email: true, role: true, isActive: true, createdAt: true } as const;
export type ListedUser = Prisma.UserGetPayload<{ select: typeof LISTED }>;

/** What staff act on: an account that was not deleted, as they saw it. */
export type TargetUser = Pick<ListedUser, 'id' | 'number' | 'role' | 'isActive'>;

/** The personal data an anonymised account keeps in their place. */
export interface Anonymised {
  fullName: string;
  phone: string;
  passwordHash: string;
}

const NEWEST_FIRST = newestFirst<Prisma.UserWhereInput, Prisma.UserOrderByWithRelationInput>();

@Injectable()
export class AdminUsersRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
  ) {}

  /** Newest first, and how many match in all; deleted (anonymised) accounts are gone from the list. */
  async list(role: Role | undefined, page: PageRequest): Promise<RowsPage<ListedUser> & { total: number }> {
    const where: Prisma.UserWhereInput = { anonymizedAt: null, role };
    const [rows, counted] = await Promise.all([
      NEWEST_FIRST.read(page, where, (args) => this.prisma.client.user.findMany({ ...args, select: LISTED })),
      // The per-role counts kept by triggers (migration user_role_counts), not a count of every account.
      this.prisma.client.userRoleCount.aggregate({ where: role ? { role } : {}, _sum: { count: true } }),
    ]);
    return { ...rows, total: counted._sum.count ?? 0 };
  }

  findTarget(id: string): Promise<TargetUser | null> {
    return this.prisma.client.user.findFirst({ where: { id, anonymizedAt: null }, select: { id: true, number: true, role: true, isActive: true } });
  }

  /**
   * Switches the account on or off, only if it is still as the caller saw it (false otherwise). Switching off
   * ends its sessions: refresh tokens revoked, access tokens of the old session version refused.
   */
  setActive(target: TargetUser, isActive: boolean, actor: Actor, at: Date): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const changed = await tx.user.updateMany({
        where: { id: target.id, role: target.role, isActive: target.isActive, anonymizedAt: null },
        data: isActive ? { isActive } : { isActive, sessionVersion: { increment: 1 } },
      });
      if (changed.count === 0) return false;
      if (!isActive) await this.endSessions(tx, target.id, at);
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: isActive ? 'user_enabled' : 'user_disabled', resourceType: 'user', resourceId: target.id, success: true, ip: actor.ip, details: { is_active: isActive } },
        tx,
      );
      return true;
    });
  }

  /**
   * Deletes the account, or anonymises it when it has history (its courses and money rows must stay, and
   * point to someone): null when it changed since the caller saw it.
   */
  remove(target: TargetUser, anonymised: Anonymised, actor: Actor, at: Date): Promise<'deleted' | 'anonymized' | null> {
    return this.prisma.client.$transaction(async (tx) => {
      // Locks the account: a course, payment or rating referring to it waits for this transaction, so none
      // slips in between the history check and the delete.
      const [locked] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM users WHERE id = ${target.id}::uuid AND role = ${target.role}::"Role" AND anonymized_at IS NULL FOR UPDATE`;
      if (!locked) return null;
      const outcome = (await this.hasHistory(tx, target.id)) ? 'anonymized' : 'deleted';
      if (outcome === 'anonymized') {
        await tx.user.update({
          where: { id: target.id },
          data: { ...anonymised, email: null, isActive: false, isAvailable: false, anonymizedAt: at, sessionVersion: { increment: 1 } },
        });
        await this.endSessions(tx, target.id, at);
      } else {
        await tx.user.delete({ where: { id: target.id } });
      }
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'user_deleted', resourceType: 'user', resourceId: target.id, success: true, ip: actor.ip, details: { outcome, role: target.role } },
        tx,
      );
      return outcome;
    });
  }

  /** Anything another row keeps of the user: courses, money, ratings, claims, loyalty, referrals, trail, audit rows. */
  private async hasHistory(tx: Tx, userId: string): Promise<boolean> {
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        referralAsReferred: { select: { id: true } },
        _count: {
          select: {
            clientCourses: true,
            courierCourses: true,
            payments: true,
            ratingsGiven: true,
            ratingsReceived: true,
            disputes: true,
            supportRequests: true,
            loyaltyEntries: true,
            referralAsReferrer: true,
            commissions: true,
            payoutRequests: true,
            payouts: true,
            ledgerEntries: true,
            cashDeposits: true,
            refunds: true,
            positions: true,
            // The audit trail must keep naming who acted, and codes and files stay attributed.
            auditLogs: true,
            promoCodes: true,
            uploadedFiles: true,
          },
        },
      },
    });
    return user.referralAsReferred !== null || Object.values(user._count).some((count) => count > 0);
  }

  private async endSessions(tx: Tx, userId: string, at: Date) {
    await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: at } });
  }
}
