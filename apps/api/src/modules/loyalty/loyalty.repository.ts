import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { LoyaltyReason, PromoCode } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

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
  async credit(tx: Tx, userId: string, points: number, reason: LoyaltyReason, courseId: string): Promise<void> {
    // Plain statements on every handover (issue 42): Prisma's create and update read whole rows back (the user's with his
    // password hash) and cost two to three times the CPU.
    await tx.$executeRaw`
      INSERT INTO loyalty_entries (id, user_id, points, reason, course_id, created_at)
      VALUES (${randomUUID()}::uuid, ${userId}::uuid, ${points}, ${reason}::"LoyaltyReason", ${courseId}::uuid, ${new Date()})`;
    await tx.$executeRaw`UPDATE users SET loyalty_points = loyalty_points + ${points}, updated_at = ${new Date()} WHERE id = ${userId}::uuid`;
  }

  /** Courses handed over to this client that earned points (a course staff closed by hand earns none, and does not count). */
  creditedDeliveries(tx: Tx, clientId: string): Promise<number> {
    return tx.loyaltyEntry.count({ where: { userId: clientId, reason: 'course_delivered' } });
  }

  async givePersonalPromo(tx: Tx, ownerId: string, promo: { code: string; expiresAt: Date; reason: 'free_delivery_milestone' }): Promise<void> {
    await tx.promoCode.create({ data: { ...promo, type: 'percentage', value: 100, ownerId } });
  }

  /**
   * Marks the referral of this client rewarded, once (a conditional update): the referrer's id when this call did it,
   * null when there is no referral or it was rewarded already.
   */
  async claimReferralReward(tx: Tx, referredId: string, at: Date): Promise<string | null> {
    const referral = await tx.referral.findUnique({ where: { referredId } });
    if (!referral || referral.rewardedAt) return null;
    const claimed = await tx.referral.updateMany({ where: { id: referral.id, rewardedAt: null }, data: { rewardedAt: at } });
    return claimed.count === 1 ? referral.referrerId : null;
  }
}
