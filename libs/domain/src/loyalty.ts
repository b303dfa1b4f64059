/** Loyalty display rules of spec §2 and §9: 10 points are one completed course, a free delivery every 10. */

export const POINTS_PER_COURSE = 10;
export const COURSES_PER_FREE_DELIVERY = 10;

/*
 * The free ride and « courses effectuées » count real deliveries (the API's `completed_courses`: one per course
 * delivered), never points: a referral's bonus points (REFERRAL_BONUS_POINTS) are points, not courses (issue 38).
 */

/** Deliveries left before the next free one (a free-delivery code every COURSES_PER_FREE_DELIVERY deliveries). */
export const deliveriesToFreeRide = (deliveries: number) => COURSES_PER_FREE_DELIVERY - (deliveries % COURSES_PER_FREE_DELIVERY);

/** Width of the progress bar towards the next free ride, in percent. */
export const loyaltyProgressPercent = (deliveries: number) => ((deliveries % COURSES_PER_FREE_DELIVERY) * 100) / COURSES_PER_FREE_DELIVERY;

/** Loyalty levels: thresholds in points (10 points per delivered course). */
export const LOYALTY_LEVELS = [
  { level: 1, name: 'Bronze', icon: '🥉', minPoints: 0 },
  { level: 2, name: 'Argent', icon: '🥈', minPoints: 100 },
  { level: 3, name: 'Or', icon: '🥇', minPoints: 300 },
  { level: 4, name: 'Platine', icon: '💎', minPoints: 600 },
  { level: 5, name: 'Diamant', icon: '👑', minPoints: 1000 },
] as const;

export type LoyaltyLevel = (typeof LOYALTY_LEVELS)[number];

export function loyaltyLevel(points: number): LoyaltyLevel {
  return [...LOYALTY_LEVELS].reverse().find((level) => points >= level.minPoints)!;
}

/** The next level and how many points it still needs; null at the top. */
export function nextLoyaltyLevel(points: number): { level: LoyaltyLevel; pointsNeeded: number } | null {
  const next = LOYALTY_LEVELS.find((level) => level.minPoints > points);
  return next ? { level: next, pointsNeeded: next.minPoints - points } : null;
}

/** Points a referrer earns when the client they brought gets their first course delivered. */
export const REFERRAL_BONUS_POINTS = 50;
/** Days a free-delivery promo code stays valid. */
export const FREE_DELIVERY_CODE_DAYS = 90;

export interface PromoRule {
  type: 'percentage' | 'fixed';
  value: number;
}

/** The discount a promo code gives on a price, in whole GNF (never more than the price). */
export function promoDiscount(price: number, promo: PromoRule): number {
  const discount = promo.type === 'percentage' ? Math.floor((price * Math.min(100, promo.value)) / 100) : promo.value;
  return Math.max(0, Math.min(price, discount));
}
