import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { MONEY_ROLES } from '@coursa/domain';
import {
  MarkPaidOutsideSchema,
  ProcessPaymentSchema,
  type MarkPaidOutsideInput,
  type ProcessPaymentInput,
} from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { PageQuerySchema, type PageRequest } from '../../common/pagination/pagination.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { PayoutErrors } from './payouts.errors.js';
import { PayoutsService } from './payouts.service.js';

const RequestId = UuidParam(PayoutErrors.requestNotFound);
const PayoutId = UuidParam(PayoutErrors.payoutNotFound);

/** The back office's "Payments and commissions" screen (spec §7): staff read it; only admins move money (each write takes an Idempotency-Key). */
@Roles('admin', 'support', 'super_admin')
@Controller('admin')
export class PayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get('commissions/pending')
  async pending(@Query(new ZodPipe(PageQuerySchema)) page: PageRequest, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/admin/commissions/pending'>> {
    const { commissions: groups, next_cursor } = await this.payouts.pendingCommissions(page);
    // The spec's shape: one item per commission, with its courier (each courier's together, as the page read them).
    const commissions = groups.flatMap(({ amount: _sum, count: _count, commissions: own, ...courier }) => own.map((commission) => ({ ...commission, ...courier })));
    return reply.whole({ commissions, next_cursor });
  }

  @Get('commissions/summary')
  summary(): Promise<RouteAnswer<'GET /api/admin/commissions/summary'>> {
    return this.payouts.summary();
  }

  @Roles(...MONEY_ROLES)
  @Idempotent()
  @Post('commissions/process-payment')
  @HttpCode(200)
  processPayment(
    @CurrentUser() staff: AuthUser,
    @Body(new ZodPipe(ProcessPaymentSchema)) body: ProcessPaymentInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/commissions/process-payment'>> {
    return this.payouts.processPayment(staff, body, ip);
  }

  @Get('payment-requests')
  async paymentRequests(@Query(new ZodPipe(PageQuerySchema)) page: PageRequest, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/admin/payment-requests'>> {
    return reply.whole(await this.payouts.paymentRequests(page));
  }

  @Roles(...MONEY_ROLES)
  @Idempotent()
  @Post('payment-requests/:id/approve')
  @HttpCode(200)
  approve(
    @CurrentUser() staff: AuthUser,
    @Param('id', RequestId) id: string,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/payment-requests/:id/approve'>> {
    return this.payouts.approveRequest(staff, id, ip);
  }

  @Roles(...MONEY_ROLES)
  @Idempotent()
  @Post('payment-requests/:id/reject')
  @HttpCode(200)
  reject(
    @CurrentUser() staff: AuthUser,
    @Param('id', RequestId) id: string,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/payment-requests/:id/reject'>> {
    return this.payouts.rejectRequest(staff, id, ip);
  }

  @Get('payouts')
  async history(@Query(new ZodPipe(PageQuerySchema)) page: PageRequest, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/admin/payouts'>> {
    return reply.items(await this.payouts.payoutsHistory(page), 'payouts');
  }

  @Roles(...MONEY_ROLES)
  @Idempotent()
  @Post('payouts/:id/check-status')
  @HttpCode(200)
  checkStatus(
    @CurrentUser() staff: AuthUser,
    @Param('id', PayoutId) id: string,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/payouts/:id/check-status'>> {
    return this.payouts.checkStatus(staff, id, ip);
  }

  /** Staff paid a payout no rail could send outside Coursa (issue 34): recorded once, admins only. */
  @Post('payouts/:id/mark-paid-outside')
  @Roles(...MONEY_ROLES)
  @Idempotent()
  @HttpCode(200)
  markPaidOutside(
    @CurrentUser() staff: AuthUser,
    @Param('id', PayoutId) id: string,
    @Body(new ZodPipe(MarkPaidOutsideSchema)) body: MarkPaidOutsideInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/payouts/:id/mark-paid-outside'>> {
    return this.payouts.markPaidOutside(staff, id, body, ip);
  }
}
