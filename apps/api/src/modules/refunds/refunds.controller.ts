import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { MONEY_ROLES } from '@coursa/domain';
import {
  MarkPaidOutsideSchema,
  RefundListQuery,
  SendRefundSchema,
  type MarkPaidOutsideInput,
  type RefundListInput,
  type SendRefundInput,
} from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { RefundErrors } from './refunds.errors.js';
import { RefundsService } from './refunds.service.js';

const RefundId = UuidParam(RefundErrors.notFound);

/** The back office's refunds (README "Refunds"): every staff member sees them, admins send them. */
@Roles('admin', 'support', 'super_admin')
@Controller('admin/refunds')
export class RefundsController {
  constructor(private readonly refunds: RefundsService) {}

  @Get()
  async list(@Query(new ZodPipe(RefundListQuery)) query: RefundListInput, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/admin/refunds'>> {
    return reply.whole(await this.refunds.list(query));
  }

  @Post(':id/send')
  @Roles(...MONEY_ROLES)
  @Idempotent()
  @HttpCode(200)
  send(
    @CurrentUser() staff: AuthUser,
    @Param('id', RefundId) id: string,
    @Body(new ZodPipe(SendRefundSchema)) body: SendRefundInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/refunds/:id/send'>> {
    return this.refunds.send(staff, id, body, ip);
  }

  /** Staff paid a refund to do outside Coursa (issue 34): recorded once, admins only. */
  @Post(':id/mark-paid-outside')
  @Roles(...MONEY_ROLES)
  @Idempotent()
  @HttpCode(200)
  markPaidOutside(
    @CurrentUser() staff: AuthUser,
    @Param('id', RefundId) id: string,
    @Body(new ZodPipe(MarkPaidOutsideSchema)) body: MarkPaidOutsideInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/refunds/:id/mark-paid-outside'>> {
    return this.refunds.markPaidOutside(staff, id, body, ip);
  }
}
