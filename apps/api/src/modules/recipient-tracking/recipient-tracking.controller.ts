import { Controller, Get, Param } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { ClientIp, Public } from '../../common/auth/auth.decorators.js';
import { RecipientTrackingService } from './recipient-tracking.service.js';

/** The recipient's tracking link: no account, the token from the SMS is the only key. */
@Controller('public/tracking')
export class RecipientTrackingController {
  constructor(private readonly tracking: RecipientTrackingService) {}

  @Public()
  @Get(':token')
  track(@Param('token') token: string, @ClientIp() ip: string): Promise<RouteAnswer<'GET /api/public/tracking/:token'>> {
    return this.tracking.track(token, ip);
  }
}
