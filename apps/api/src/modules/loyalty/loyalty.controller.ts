import { Controller, Get } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { LoyaltyService } from './loyalty.service.js';

@Controller('loyalty')
export class LoyaltyController {
  constructor(private readonly loyalty: LoyaltyService) {}

  @Roles('client')
  @Get('profile')
  profile(@CurrentUser() user: AuthUser): Promise<RouteAnswer<'GET /api/loyalty/profile'>> {
    return this.loyalty.profile(user.id);
  }

  @Get('leaderboard')
  leaderboard(): Promise<RouteAnswer<'GET /api/loyalty/leaderboard'>> {
    return this.loyalty.leaderboard();
  }
}
