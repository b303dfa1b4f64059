import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import {
  V1CreateDeliverySchema,
  V1DeliveryListQuery,
  V1QuoteSchema,
  type V1CreateDeliveryInput,
  type V1DeliveryListInput,
  type V1QuoteInput,
} from '@coursa/contracts/schemas';
import type { FastifyReply } from 'fastify';
import { ApiKeyScope, ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { PublicApiErrors } from './public-api.errors.js';
import { PublicApiService } from './public-api.service.js';
import { CreateDeliveryUseCase } from './use-cases/create-delivery.use-case.js';

const DeliveryId = UuidParam(PublicApiErrors.deliveryNotFound);

/**
 * The public API, version 1 (issue 40): a merchant's deliveries, with an API key of the route's permission or the
 * merchant's own session. Every route asks MerchantAccounts first (403 for a client who is not a merchant).
 */
@Roles('client')
@Controller('v1')
export class PublicApiController {
  constructor(
    private readonly api: PublicApiService,
    private readonly createDelivery: CreateDeliveryUseCase,
  ) {}

  @ApiKeyScope('deliveries:write')
  @Post('quotes')
  @HttpCode(200)
  quote(@CurrentUser() user: AuthUser, @Body(new ZodPipe(V1QuoteSchema)) body: V1QuoteInput): Promise<RouteAnswer<'POST /api/v1/quotes'>> {
    return this.api.quote(user, body);
  }

  /** 201 with the delivery; 202 with its pending payment when the merchant pays each delivery by mobile money. */
  @ApiKeyScope('deliveries:write')
  @Idempotent({ required: true })
  @Post('deliveries')
  @HttpCode(201)
  async create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(V1CreateDeliverySchema)) body: V1CreateDeliveryInput,
    @ClientIp() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RouteAnswer<'POST /api/v1/deliveries'>> {
    const made = await this.createDelivery.execute(user, body, ip);
    if (made.object === 'pending_delivery') void reply.status(202);
    return made;
  }

  @ApiKeyScope('deliveries:read')
  @Get('deliveries')
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ZodPipe(V1DeliveryListQuery)) query: V1DeliveryListInput,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/v1/deliveries'>> {
    return reply.items(await this.api.list(user, query), 'deliveries');
  }

  @ApiKeyScope('deliveries:read')
  @Get('deliveries/:id')
  get(@CurrentUser() user: AuthUser, @Param('id', DeliveryId) id: string): Promise<RouteAnswer<'GET /api/v1/deliveries/:id'>> {
    return this.api.get(user, id);
  }

  @ApiKeyScope('deliveries:write')
  @Post('deliveries/:id/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: AuthUser, @Param('id', DeliveryId) id: string, @ClientIp() ip: string): Promise<RouteAnswer<'POST /api/v1/deliveries/:id/cancel'>> {
    return this.api.cancel(user, id, ip);
  }

  @ApiKeyScope('deliveries:read')
  @Get('deliveries/:id/tracking-link')
  trackingLink(@CurrentUser() user: AuthUser, @Param('id', DeliveryId) id: string): Promise<RouteAnswer<'GET /api/v1/deliveries/:id/tracking-link'>> {
    return this.api.trackingLink(user, id);
  }
}
