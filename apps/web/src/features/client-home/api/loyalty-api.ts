import { apiClient } from '@/lib/api-client';

/** GET /loyalty/profile (spec §3 "Loyalty profile"). */
export interface LoyaltyProfile {
  level: { name: string; level: number; icon: string };
  points: number;
  active_promo_codes: number;
  next_level: { name: string; level: number; points_needed: number } | null;
  referral_code: string;
  referral_count: number;
  promo_codes: { code: string; type: 'percentage' | 'fixed'; value: number; expires_at: string | null }[];
}

/** GET /loyalty/leaderboard (spec §3 "Leaderboard entry"). */
export interface LeaderboardEntry {
  rank: number;
  name: string;
  level: number;
  points: number;
}

export const loyaltyApi = {
  profile: () => apiClient.get<LoyaltyProfile>('/loyalty/profile'),
  leaderboard: () => apiClient.get<LeaderboardEntry[]>('/loyalty/leaderboard'),
};
