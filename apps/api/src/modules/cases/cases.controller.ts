import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { CaseListQuery, UpdateCaseSchema, type CaseListInput, type UpdateCaseInput } from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { CaseErrors } from './cases.errors.js';
import { CasesService } from './cases.service.js';

const DisputeId = UuidParam(CaseErrors.disputeNotFound);
const SupportRequestId = UuidParam(CaseErrors.supportRequestNotFound);

/** Clients' claims and couriers' support requests, handled by staff. */
@Roles('admin', 'support', 'super_admin')
@Controller('admin')
export class CasesController {
  constructor(private readonly cases: CasesService) {}

  @Get('disputes')
  async disputes(@Query(new ZodPipe(CaseListQuery)) query: CaseListInput, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/admin/disputes'>> {
    return reply.items(await this.cases.disputes(query), 'disputes');
  }

  @Put('disputes/:id')
  updateDispute(
    @CurrentUser() staff: AuthUser,
    @Param('id', DisputeId) id: string,
    @Body(new ZodPipe(UpdateCaseSchema)) body: UpdateCaseInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'PUT /api/admin/disputes/:id'>> {
    return this.cases.updateDispute(staff, id, body, ip);
  }

  @Get('support-requests')
  async supportRequests(
    @Query(new ZodPipe(CaseListQuery)) query: CaseListInput,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/admin/support-requests'>> {
    return reply.items(await this.cases.supportRequests(query), 'support_requests');
  }

  @Put('support-requests/:id')
  updateSupportRequest(
    @CurrentUser() staff: AuthUser,
    @Param('id', SupportRequestId) id: string,
    @Body(new ZodPipe(UpdateCaseSchema)) body: UpdateCaseInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'PUT /api/admin/support-requests/:id'>> {
    return this.cases.updateSupportRequest(staff, id, body, ip);
  }
}
