import { Injectable } from '@nestjs/common';
import type { Role } from '@coursa/domain';
import type { Prisma } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

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
  constructor(private readonly prisma: PrismaService) {}

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
   * Switches the account on or off, only if it is still as the caller saw it (false otherwise). Switching off moves
   * its session version: access tokens of the old version are refused.
   */
  async setActiveIfUnchanged(tx: Tx, target: TargetUser, isActive: boolean): Promise<boolean> {
    const changed = await tx.user.updateMany({
      where: { id: target.id, role: target.role, isActive: target.isActive, anonymizedAt: null },
      data: isActive ? { isActive } : { isActive, sessionVersion: { increment: 1 } },
    });
    return changed.count > 0;
  }

  /**
   * Locks the account if it is still as the caller saw it (false otherwise): a course, payment or rating referring to
   * it waits for the transaction, so none slips in between a history check and a delete.
   */
  async lockTarget(tx: Tx, target: TargetUser): Promise<boolean> {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM users WHERE id = ${target.id}::uuid AND role = ${target.role}::"Role" AND anonymized_at IS NULL FOR UPDATE`;
    return !!locked;
  }

  /** Replaces the personal data, switches the account off and moves its session version. */
  async anonymise(tx: Tx, userId: string, anonymised: Anonymised, at: Date): Promise<void> {
    await tx.user.update({
      where: { id: userId },
      data: { ...anonymised, email: null, isActive: false, isAvailable: false, anonymizedAt: at, sessionVersion: { increment: 1 } },
    });
  }

  async delete(tx: Tx, userId: string): Promise<void> {
    await tx.user.delete({ where: { id: userId } });
  }

  /** Anything another row keeps of the user: courses, money, ratings, claims, loyalty, referrals, trail, audit rows. */
  async hasHistory(tx: Tx, userId: string): Promise<boolean> {
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

  /**
   * A new password, only if the account is still as the caller saw it (its role, not deleted); moves the session
   * version, so access tokens of the old one stop working. Answers the phone the account has, null when it changed.
   */
  async setPasswordIfUnchanged(tx: Tx, target: TargetUser, passwordHash: string): Promise<string | null> {
    const [changed] = await tx.user.updateManyAndReturn({
      where: { id: target.id, role: target.role, anonymizedAt: null },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { phone: true },
    });
    return changed?.phone ?? null;
  }

  /** Revokes its refresh tokens. */
  async endSessions(tx: Tx, userId: string, at: Date) {
    await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: at } });
  }
}
