import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { MONEY_ROLES } from '@coursa/domain';
import {
  IsoWeekSchema,
  PaymentRequestSchema,
  WeeklyRunSchema,
  type PaymentRequestInput,
  type WeeklyRunInput,
} from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { PageQuerySchema, type PageRequest } from '../../common/pagination/pagination.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { CommissionsService } from './commissions.service.js';

/** The courier's earnings screen (spec §2 "Earnings", §7): summary, histories, early payment. */
@Roles('salaried_delivery', 'independent_delivery')
@Controller('delivery')
export class EarningsController {
  constructor(private readonly commissions: CommissionsService) {}

  @Get('earnings')
  earnings(@CurrentUser() courier: AuthUser): Promise<RouteAnswer<'GET /api/delivery/earnings'>> {
    return this.commissions.earnings(courier);
  }

  @Get('commission-history')
  async commissionHistory(
    @CurrentUser() courier: AuthUser,
    @Query(new ZodPipe(PageQuerySchema)) page: PageRequest,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/delivery/commission-history'>> {
    return reply.items(await this.commissions.commissionHistory(courier, page), 'commissions');
  }

  @Get('payment-history')
  async paymentHistory(
    @CurrentUser() courier: AuthUser,
    @Query(new ZodPipe(PageQuerySchema)) page: PageRequest,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/delivery/payment-history'>> {
    return reply.items(await this.commissions.paymentHistory(courier, page), 'payments');
  }

  @Get('ledger')
  async ledger(
    @CurrentUser() courier: AuthUser,
    @Query(new ZodPipe(PageQuerySchema)) page: PageRequest,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/delivery/ledger'>> {
    return reply.whole(await this.commissions.ledgerOf(courier, page));
  }

  @Idempotent()
  @Post('request-payment')
  @HttpCode(201)
  requestPayment(
    @CurrentUser() courier: AuthUser,
    @Body(new ZodPipe(PaymentRequestSchema)) body: PaymentRequestInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/delivery/request-payment'>> {
    return this.commissions.requestPayment(courier, body, ip);
  }
}

/** Admins start a weekly commission run without waiting for Monday (it moves money: support may not), and follow it. */
@Roles(...MONEY_ROLES)
@Controller('admin/commissions')
export class CommissionRunsController {
  constructor(private readonly commissions: CommissionsService) {}

  @Post('weekly-run')
  @HttpCode(202)
  weeklyRun(
    @CurrentUser() staff: AuthUser,
    @Body(new ZodPipe(WeeklyRunSchema)) body: WeeklyRunInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/commissions/weekly-run'>> {
    return this.commissions.requestWeeklyRun(staff, body.iso_week, ip);
  }

  @Get('weekly-run/:iso_week')
  weeklyRunReport(@Param('iso_week', new ZodPipe(IsoWeekSchema)) isoWeek: string): Promise<RouteAnswer<'GET /api/admin/commissions/weekly-run/:iso_week'>> {
    return this.commissions.weeklyRunReport(isoWeek);
  }
}
