import { routeQuery } from '@/lib/query-client';

export const loyaltyQueries = {
  profile: () => routeQuery('GET /api/loyalty/profile'),
  leaderboard: () => routeQuery('GET /api/loyalty/leaderboard'),
};
