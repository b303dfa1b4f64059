import { Injectable } from '@nestjs/common';
import {
  COURSES_PER_FREE_DELIVERY,
  FREE_DELIVERY_CODE_DAYS,
  loyaltyLevel,
  nextLoyaltyLevel,
  POINTS_PER_COURSE,
  promoDiscount,
  REFERRAL_BONUS_POINTS,
} from '@coursa/domain';
import { badRequest } from '../../common/errors/domain-error.js';
import type { SqlTx } from '../../common/prisma/transaction.js';
import { Clock, RandomSource } from '../../common/security/secrets.js';
import { LoyaltyRepository } from './loyalty.repository.js';

const LEADERBOARD_SIZE = 10;

export const invalidPromo = () => badRequest('PROMO_CODE_INVALID', 'Code promo invalide, expiré ou déjà utilisé.');

@Injectable()
export class LoyaltyService {
  constructor(
    private readonly loyalty: LoyaltyRepository,
    private readonly clock: Clock,
    private readonly random: RandomSource,
  ) {}

  /** Spec §3 "Loyalty profile". */
  async profile(userId: string) {
    const user = await this.loyalty.profileOf(userId);
    if (!user) throw badRequest('USER_NOT_FOUND', 'Compte introuvable.');
    const now = this.clock.now();
    const level = loyaltyLevel(user.loyaltyPoints);
    const next = nextLoyaltyLevel(user.loyaltyPoints);
    const promoCodes = user.promoCodes
      .filter((promo) => !promo.expiresAt || promo.expiresAt > now)
      .map((promo) => ({ code: promo.code, type: promo.type, value: promo.value, expires_at: promo.expiresAt?.toISOString() ?? null }));
    return {
      level: { name: level.name, level: level.level, icon: level.icon },
      points: user.loyaltyPoints,
      // Real deliveries, one credit each: bonus points (a referral's) are not courses.
      completed_courses: user._count.loyaltyEntries,
      active_promo_codes: promoCodes.length,
      next_level: next ? { name: next.level.name, level: next.level.level, points_needed: next.pointsNeeded } : null,
      referral_code: user.referralCode,
      referral_count: user._count.referralAsReferrer,
      promo_codes: promoCodes,
    };
  }

  /** Spec §3 "Leaderboard entry": the top clients, shown as first name and initial. */
  async leaderboard() {
    return (await this.loyalty.leaderboard(LEADERBOARD_SIZE)).map((user, index) => ({
      rank: index + 1,
      name: publicName(user.fullName),
      level: loyaltyLevel(user.loyaltyPoints).level,
      points: user.loyaltyPoints,
    }));
  }

  /**
   * What a delivered course earns, in the handover's transaction (called by the course lifecycle): the client's
   * points, a personal free-delivery code every COURSES_PER_FREE_DELIVERY deliveries, and, on the first delivery of a
   * client someone referred, the referrer's bonus (once).
   */
  async creditForDelivery(tx: SqlTx, course: { id: string; clientId: string }, at: Date): Promise<void> {
    await this.loyalty.credit(tx, course.clientId, POINTS_PER_COURSE, 'course_delivered', course.id);
    if ((await this.loyalty.creditedDeliveries(tx, course.clientId)) % COURSES_PER_FREE_DELIVERY === 0) {
      await this.loyalty.givePersonalPromo(tx, course.clientId, {
        code: `GRATUIT-${this.random.token(6).toUpperCase().replace(/[^A-Z0-9]/g, 'X')}`,
        expiresAt: new Date(at.getTime() + FREE_DELIVERY_CODE_DAYS * 86400_000),
        reason: 'free_delivery_milestone',
      });
    }
    const referrerId = await this.loyalty.claimReferralReward(tx, course.clientId, at);
    if (referrerId) await this.loyalty.credit(tx, referrerId, REFERRAL_BONUS_POINTS, 'referral_bonus', course.id);
  }

  /** The promo a client applies to a price: the code row and the discount, or a 400. */
  async applyPromo(code: string, clientId: string, price: number) {
    const promo = await this.loyalty.usablePromo(code, clientId, this.clock.now());
    if (!promo) throw invalidPromo();
    return { promo, discount: promoDiscount(price, promo) };
  }
}

function publicName(fullName: string): string {
  const [first, ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first!;
}
