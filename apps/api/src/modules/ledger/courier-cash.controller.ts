import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { MONEY_ROLES } from '@coursa/domain';
import {
  LedgerAdjustmentSchema,
  OfficeDepositSchema,
  type LedgerAdjustmentInput,
  type OfficeDepositInput,
} from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { PageQuerySchema, type PageRequest } from '../../common/pagination/pagination.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { CourierCashService } from './courier-cash.service.js';
import { LedgerErrors } from './ledger.errors.js';

const CourierId = UuidParam(LedgerErrors.courierNotFound);

/** The back office's cash table (staff), deposits at the office and corrections (admins only: they move money; each takes an Idempotency-Key). */
@Controller('admin')
export class CourierCashController {
  constructor(private readonly cash: CourierCashService) {}

  @Roles('admin', 'support', 'super_admin')
  @Get('cash')
  async overview(@Query(new ZodPipe(PageQuerySchema)) page: PageRequest, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/admin/cash'>> {
    return reply.whole(await this.cash.overview(page));
  }

  @Roles(...MONEY_ROLES)
  @Idempotent()
  @Post('couriers/:id/cash-deposits')
  @HttpCode(201)
  officeDeposit(
    @CurrentUser() staff: AuthUser,
    @Param('id', CourierId) id: string,
    @Body(new ZodPipe(OfficeDepositSchema)) body: OfficeDepositInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/couriers/:id/cash-deposits'>> {
    return this.cash.officeDeposit(staff, id, body, ip);
  }

  @Roles(...MONEY_ROLES)
  @Idempotent()
  @Post('couriers/:id/ledger-adjustments')
  @HttpCode(201)
  adjust(
    @CurrentUser() staff: AuthUser,
    @Param('id', CourierId) id: string,
    @Body(new ZodPipe(LedgerAdjustmentSchema)) body: LedgerAdjustmentInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/couriers/:id/ledger-adjustments'>> {
    return this.cash.adjust(staff, id, body, ip);
  }
}
