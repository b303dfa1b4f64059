import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { MONEY_ROLES, STAFF_ROLES } from '@coursa/domain';
import {
  AdminMerchantListQuery,
  MerchantProfileSchema,
  SettleStatementSchema,
  StatementQuery,
  type AdminMerchantListInput,
  type MerchantProfileInput,
  type SettleStatementInput,
  type StatementQueryInput,
} from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { MerchantErrors } from './merchants.errors.js';
import { MerchantsService } from './merchants.service.js';
import { SaveMerchantUseCase } from './use-cases/save-merchant.use-case.js';
import { SettleStatementUseCase } from './use-cases/settle-statement.use-case.js';

const MerchantId = UuidParam(MerchantErrors.notFound);

/**
 * The back office's merchants (issue 40): staff (admin, support, super administrator, as for courses and places) list
 * them, make a client a merchant and read its statements; only those who move money settle a month (as payouts).
 */
@Roles(...STAFF_ROLES)
@Controller('admin/merchants')
export class AdminMerchantsController {
  constructor(
    private readonly merchants: MerchantsService,
    private readonly save: SaveMerchantUseCase,
    private readonly settle: SettleStatementUseCase,
  ) {}

  @Get()
  async list(@Query(new ZodPipe(AdminMerchantListQuery)) query: AdminMerchantListInput, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/admin/merchants'>> {
    return reply.items(await this.merchants.list(query), 'merchants');
  }

  @Put(':id')
  update(
    @CurrentUser() staff: AuthUser,
    @Param('id', UuidParam(MerchantErrors.accountNotFound)) id: string,
    @Body(new ZodPipe(MerchantProfileSchema)) body: MerchantProfileInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'PUT /api/admin/merchants/:id'>> {
    return this.save.execute(staff, id, body, ip);
  }

  @Get(':id/statement')
  statement(@Param('id', MerchantId) id: string, @Query(new ZodPipe(StatementQuery)) query: StatementQueryInput): Promise<RouteAnswer<'GET /api/admin/merchants/:id/statement'>> {
    return this.merchants.statement(id, query.month);
  }

  @Roles(...MONEY_ROLES)
  @Idempotent()
  @Post(':id/statement/settle')
  @HttpCode(200)
  settleStatement(
    @CurrentUser() staff: AuthUser,
    @Param('id', MerchantId) id: string,
    @Body(new ZodPipe(SettleStatementSchema)) body: SettleStatementInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/merchants/:id/statement/settle'>> {
    return this.settle.execute(staff, id, body, ip);
  }
}
