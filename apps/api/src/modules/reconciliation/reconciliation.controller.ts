import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { MONEY_ROLES } from '@coursa/domain';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { UuidParam } from '../../common/validation/params.js';
import { PaymentErrors } from '../payment-records/payments.errors.js';
import { ReconciliationService } from './reconciliation.service.js';

/** The back office's « Rapprochement » (issue 34): every staff member reads it, admins act on it. */
@Roles('admin', 'support', 'super_admin')
@Controller('admin')
export class ReconciliationController {
  constructor(private readonly reconciliation: ReconciliationService) {}

  @Get('reconciliation')
  overview(): Promise<RouteAnswer<'GET /api/admin/reconciliation'>> {
    return this.reconciliation.overview();
  }

  @Post('payments/:id/refund')
  @Roles(...MONEY_ROLES)
  @Idempotent()
  @HttpCode(200)
  refund(
    @CurrentUser() staff: AuthUser,
    @Param('id', UuidParam(PaymentErrors.notFound)) id: string,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/payments/:id/refund'>> {
    return this.reconciliation.refundWithoutCourse(staff, id, ip);
  }
}
