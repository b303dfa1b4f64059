import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { CreateDisputeSchema, type CreateDisputeInput } from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { PageQuerySchema, type PageRequest } from '../../common/pagination/pagination.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { DisputesService } from './disputes.service.js';

/** Claims, from the client's side (staff handle them in the back office). */
@Roles('client')
@Controller('disputes')
export class DisputesController {
  constructor(private readonly disputes: DisputesService) {}

  @Post()
  @HttpCode(201)
  open(
    @CurrentUser() client: AuthUser,
    @Body(new ZodPipe(CreateDisputeSchema)) body: CreateDisputeInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/disputes'>> {
    return this.disputes.open(client, body, ip);
  }

  @Get()
  async list(
    @CurrentUser() client: AuthUser,
    @Query(new ZodPipe(PageQuerySchema)) page: PageRequest,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/disputes'>> {
    return reply.items(await this.disputes.list(client, page), 'disputes');
  }
}
