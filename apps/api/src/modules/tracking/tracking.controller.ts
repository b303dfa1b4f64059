import { Controller, Get } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { STAFF_ROLES } from '@coursa/domain';
import { Roles } from '../../common/auth/auth.decorators.js';
import { SilentCouriers } from './silent-couriers.service.js';

/** « Livreurs sans position » on the ops dashboard (issue 37): staff only. */
@Roles(...STAFF_ROLES)
@Controller('admin/couriers')
export class TrackingController {
  constructor(private readonly silent: SilentCouriers) {}

  @Get('silent')
  silentCouriers(): Promise<RouteAnswer<'GET /api/admin/couriers/silent'>> {
    return this.silent.list();
  }
}
