import { Injectable } from '@nestjs/common';
import type { PromoCode } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';

@Injectable()
export class LoyaltyRepository {
  constructor(private readonly prisma: PrismaService) {}

  profileOf(userId: string) {
    return this.prisma.client.user.findUnique({
      where: { id: userId },
      select: {
        loyaltyPoints: true,
        referralCode: true,
        _count: { select: { referralAsReferrer: true } },
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
}
