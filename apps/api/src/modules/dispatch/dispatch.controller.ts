import { Controller, Get } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { STAFF_ROLES } from '@coursa/domain';
import { Roles } from '../../common/auth/auth.decorators.js';
import { DispatchService } from './dispatch.service.js';

/** Ops' dispatch view (issue 24): staff only. */
@Roles(...STAFF_ROLES)
@Controller('admin/dispatch')
export class DispatchController {
  constructor(private readonly dispatch: DispatchService) {}

  @Get()
  view(): Promise<RouteAnswer<'GET /api/admin/dispatch'>> {
    return this.dispatch.view();
  }
}
