import { Injectable } from '@nestjs/common';
import type { Role, SearchTerms } from '@coursa/domain';
import { Prisma } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage, type SqlColumns } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { containing } from '../../common/prisma/search-sql.js';

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
const FOUND_KEYS: SqlColumns<{ createdAt: Date; id: string }> = { createdAt: 'created_at', id: 'id' };

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

  /**
   * The accounts a search finds (issue 38), of the given role (all when none), newest first, and how many match in all:
   * the account of that number or phone, or whose name or e-mail has the text in it (case and accents aside); each
   * way seeks its own index (PostgreSQL ORs their bitmaps). Deleted (anonymised) accounts are never found.
   */
  async search(terms: SearchTerms, role: Role | undefined, page: PageRequest): Promise<RowsPage<ListedUser> & { total: number }> {
    const text = containing(terms.text);
    const ways = [
      text('full_name'),
      text('email'),
      ...(terms.phone ? [Prisma.sql`phone = ${terms.phone}`] : []),
      ...(terms.userNumber === null ? [] : [Prisma.sql`number = ${terms.userNumber}::int`]),
    ];
    const found = Prisma.sql`FROM users WHERE anonymized_at IS NULL ${role ? Prisma.sql`AND role = ${role}::"Role"` : Prisma.empty} AND (${Prisma.join(ways, ' OR ')})`;
    const [keys, [counted]] = await Promise.all([
      this.prisma.client.$queryRaw<{ id: string; createdAt: Date }[]>`
        SELECT id, created_at AS "createdAt" ${found} AND ${NEWEST_FIRST.sqlAfter(page.cursor, FOUND_KEYS)}
        ORDER BY ${NEWEST_FIRST.sqlOrderBy(FOUND_KEYS)} LIMIT ${NEWEST_FIRST.take(page)}::int`,
      this.prisma.client.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total ${found}`,
    ]);
    const { rows, nextCursor } = NEWEST_FIRST.page(keys, page);
    const users = await this.prisma.client.user.findMany({ where: { id: { in: rows.map((row) => row.id) } }, select: LISTED });
    const byId = new Map(users.map((user) => [user.id, user]));
    return { rows: rows.map((row) => byId.get(row.id)).filter((user) => user !== undefined), nextCursor, total: counted!.total };
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
