import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { CreateRatingSchema, type CreateRatingInput } from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { RatingsService } from './ratings.service.js';

@Roles('client')
@Controller('ratings')
export class RatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @Post()
  @HttpCode(201)
  rate(
    @CurrentUser() client: AuthUser,
    @Body(new ZodPipe(CreateRatingSchema)) body: CreateRatingInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/ratings'>> {
    return this.ratings.rate(client, body, ip);
  }
}

/** The courier's ratings screen, beside the other courier calls under /delivery. */
@Roles('salaried_delivery', 'independent_delivery')
@Controller('delivery')
export class CourierRatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @Get('ratings')
  ratingsReceived(@CurrentUser() courier: AuthUser): Promise<RouteAnswer<'GET /api/delivery/ratings'>> {
    return this.ratings.courierRatings(courier);
  }
}
