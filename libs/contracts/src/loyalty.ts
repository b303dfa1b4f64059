import type { LoyaltyLevel, PromoRule } from '@coursa/domain';

/** GET /loyalty/profile (spec §3 "Loyalty profile"). */
export interface LoyaltyProfileDto {
  level: Pick<LoyaltyLevel, 'name' | 'level' | 'icon'>;
  points: number;
  /** Courses of this client delivered (issue 38: a referral's bonus points are points, not courses). */
  completed_courses: number;
  /** The number of promo codes still valid. */
  active_promo_codes: number;
  /** Null at the top level. */
  next_level: (Pick<LoyaltyLevel, 'name' | 'level'> & { points_needed: number }) | null;
  referral_code: string;
  referral_count: number;
  /** The client's codes still valid; `value` is a percentage or GNF, by `type`. */
  promo_codes: (PromoRule & { code: string; expires_at: string | null })[];
}

/** GET /loyalty/leaderboard (spec §3 "Leaderboard entry"): the top clients, first name and initial only. */
export interface LeaderboardEntryDto {
  rank: number;
  name: string;
  level: LoyaltyLevel['level'];
  points: number;
}
