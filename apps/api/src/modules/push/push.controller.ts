import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { SubscribePushSchema, type SubscribePushInput } from '@coursa/contracts/schemas';
import { CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { PushErrors } from './push.errors.js';
import { PushService } from './push.service.js';

/** Any signed-in user may turn push on or off on their device. */
@Controller('push')
export class PushController {
  constructor(private readonly push: PushService) {}

  @Get('public-key')
  publicKey(): RouteAnswer<'GET /api/push/public-key'> {
    return this.push.publicKey();
  }

  @Post('subscriptions')
  @HttpCode(201)
  subscribe(@CurrentUser() user: AuthUser, @Body(new ZodPipe(SubscribePushSchema)) body: SubscribePushInput): Promise<RouteAnswer<'POST /api/push/subscriptions'>> {
    return this.push.subscribe(user.id, body);
  }

  @Delete('subscriptions/:id')
  unsubscribe(@CurrentUser() user: AuthUser, @Param('id', UuidParam(PushErrors.notFound)) id: string): Promise<RouteAnswer<'DELETE /api/push/subscriptions/:id'>> {
    return this.push.unsubscribe(user.id, id);
  }
}
