import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { LoyaltyReason, PromoCode } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { SqlTx } from '../../common/prisma/transaction.js';

@Injectable()
export class LoyaltyRepository {
  constructor(private readonly prisma: PrismaService) {}

  profileOf(userId: string) {
    return this.prisma.client.user.findUnique({
      where: { id: userId },
      select: {
        loyaltyPoints: true,
        referralCode: true,
        _count: { select: { referralAsReferrer: true, loyaltyEntries: { where: { reason: 'course_delivered' } } } },
        promoCodes: { where: { usedAt: null }, orderBy: { createdAt: 'desc' } },
      },
    });
  }

  leaderboard(limit: number) {
    return this.prisma.client.user.findMany({
      where: { role: 'client', isActive: true, anonymizedAt: null, loyaltyPoints: { gt: 0 } },
      orderBy: [{ loyaltyPoints: 'desc' }, { createdAt: 'asc' }],
      take: limit,
      select: { fullName: true, loyaltyPoints: true },
    });
  }

  /** A promo code this client may still use: theirs or everyone's, unused, not expired. */
  usablePromo(code: string, clientId: string, now: Date): Promise<PromoCode | null> {
    return this.prisma.client.promoCode.findFirst({
      where: {
        code: code.trim().toUpperCase(),
        usedAt: null,
        OR: [{ ownerId: null }, { ownerId: clientId }],
        AND: [{ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }],
      },
    });
  }

  /** Adds points to the ledger and the running total; the ledger's unique key credits a (user, reason, course) once. */
  async credit(tx: SqlTx, userId: string, points: number, reason: LoyaltyReason, courseId: string): Promise<void> {
    // Plain statements on every handover (issue 42): Prisma's create and update read whole rows back (the user's with his
    // password hash) and cost two to three times the CPU.
    await tx.$executeRaw`
      INSERT INTO loyalty_entries (id, user_id, points, reason, course_id, created_at)
      VALUES (${randomUUID()}::uuid, ${userId}::uuid, ${points}, ${reason}::"LoyaltyReason", ${courseId}::uuid, ${new Date()})`;
    await tx.$executeRaw`UPDATE users SET loyalty_points = loyalty_points + ${points}, updated_at = ${new Date()} WHERE id = ${userId}::uuid`;
  }

  /** Courses handed over to this client that earned points (a course staff closed by hand earns none, and does not count). */
  async creditedDeliveries(tx: SqlTx, clientId: string): Promise<number> {
    const [{ count }] = await tx.$queryRaw<[{ count: number }]>`
      SELECT count(*)::int AS count FROM loyalty_entries WHERE user_id = ${clientId}::uuid AND reason = 'course_delivered'`;
    return count;
  }

  async givePersonalPromo(tx: SqlTx, ownerId: string, promo: { code: string; expiresAt: Date; reason: 'free_delivery_milestone' }): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO promo_codes (id, code, type, value, owner_id, reason, expires_at, created_at)
      VALUES (${randomUUID()}::uuid, ${promo.code}, 'percentage', 100, ${ownerId}::uuid, ${promo.reason}, ${promo.expiresAt}, ${new Date()})`;
  }

  /**
   * Marks the referral of this client rewarded, once (a conditional update): the referrer's id when this call did it,
   * null when there is no referral or it was rewarded already.
   */
  async claimReferralReward(tx: SqlTx, referredId: string, at: Date): Promise<string | null> {
    const [claimed] = await tx.$queryRaw<{ referrerId: string }[]>`
      UPDATE referrals SET rewarded_at = ${at} WHERE referred_id = ${referredId}::uuid AND rewarded_at IS NULL RETURNING referrer_id AS "referrerId"`;
    return claimed?.referrerId ?? null;
  }
}
