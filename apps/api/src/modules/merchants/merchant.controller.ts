import { Controller, Get, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { StatementQuery, type StatementQueryInput } from '@coursa/contracts/schemas';
import { CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { MerchantsService } from './merchants.service.js';

/** A merchant's own account (issue 40): its profile and its monthly statements. A client that is no merchant gets 403. */
@Roles('client')
@Controller('merchant')
export class MerchantController {
  constructor(private readonly merchants: MerchantsService) {}

  @Get('profile')
  profile(@CurrentUser() user: AuthUser): Promise<RouteAnswer<'GET /api/merchant/profile'>> {
    return this.merchants.ownProfile(user);
  }

  @Get('statement')
  statement(@CurrentUser() user: AuthUser, @Query(new ZodPipe(StatementQuery)) query: StatementQueryInput): Promise<RouteAnswer<'GET /api/merchant/statement'>> {
    return this.merchants.ownStatement(user, query.month);
  }
}
