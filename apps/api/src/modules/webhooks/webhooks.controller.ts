import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import {
  ReplayPeriodSchema,
  WebhookDeliveryListQuery,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
  type ReplayPeriodInput,
  type WebhookDeliveryListInput,
  type WebhookEndpointInput,
  type WebhookEndpointUpdateInput,
} from '@coursa/contracts/schemas';
import { ApiKeyScope, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { CreateEndpointUseCase } from './use-cases/create-endpoint.use-case.js';
import { RotateSecretUseCase } from './use-cases/rotate-secret.use-case.js';
import { UpdateEndpointUseCase } from './use-cases/update-endpoint.use-case.js';
import { WebhookErrors } from './webhooks.errors.js';
import { WebhooksService } from './webhooks.service.js';

const EndpointId = () => UuidParam(WebhookErrors.endpointNotFound);

/**
 * A merchant's webhooks (issue 40): its endpoints, their secrets and delivery log, the test and the replays. A merchant
 * calls them with its session (the web's screens) or an API key with the `webhooks:manage` scope.
 */
@Roles('client')
@ApiKeyScope('webhooks:manage')
@Controller('v1')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly create: CreateEndpointUseCase,
    private readonly update: UpdateEndpointUseCase,
    private readonly rotate: RotateSecretUseCase,
  ) {}

  @Get('webhook-endpoints')
  list(@CurrentUser() user: AuthUser): Promise<RouteAnswer<'GET /api/v1/webhook-endpoints'>> {
    return this.webhooks.list(user);
  }

  @Post('webhook-endpoints')
  @HttpCode(201)
  add(@CurrentUser() user: AuthUser, @Body(new ZodPipe(WebhookEndpointSchema)) body: WebhookEndpointInput): Promise<RouteAnswer<'POST /api/v1/webhook-endpoints'>> {
    return this.create.execute(user, body);
  }

  @Put('webhook-endpoints/:id')
  change(
    @CurrentUser() user: AuthUser,
    @Param('id', EndpointId()) id: string,
    @Body(new ZodPipe(WebhookEndpointUpdateSchema)) body: WebhookEndpointUpdateInput,
  ): Promise<RouteAnswer<'PUT /api/v1/webhook-endpoints/:id'>> {
    return this.update.execute(user, id, body);
  }

  @Delete('webhook-endpoints/:id')
  remove(@CurrentUser() user: AuthUser, @Param('id', EndpointId()) id: string): Promise<RouteAnswer<'DELETE /api/v1/webhook-endpoints/:id'>> {
    return this.webhooks.remove(user, id);
  }

  @Post('webhook-endpoints/:id/rotate-secret')
  @HttpCode(200)
  rotateSecret(@CurrentUser() user: AuthUser, @Param('id', EndpointId()) id: string): Promise<RouteAnswer<'POST /api/v1/webhook-endpoints/:id/rotate-secret'>> {
    return this.rotate.execute(user, id);
  }

  @Post('webhook-endpoints/:id/test')
  @HttpCode(202)
  test(@CurrentUser() user: AuthUser, @Param('id', EndpointId()) id: string): Promise<RouteAnswer<'POST /api/v1/webhook-endpoints/:id/test'>> {
    return this.webhooks.sendTest(user, id);
  }

  @Get('webhook-endpoints/:id/deliveries')
  async deliveries(
    @CurrentUser() user: AuthUser,
    @Param('id', EndpointId()) id: string,
    @Query(new ZodPipe(WebhookDeliveryListQuery)) query: WebhookDeliveryListInput,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/v1/webhook-endpoints/:id/deliveries'>> {
    return reply.items(await this.webhooks.deliveries(user, id, query), 'deliveries');
  }

  @Post('webhook-endpoints/:id/replay')
  @HttpCode(202)
  replayPeriod(
    @CurrentUser() user: AuthUser,
    @Param('id', EndpointId()) id: string,
    @Body(new ZodPipe(ReplayPeriodSchema)) body: ReplayPeriodInput,
  ): Promise<RouteAnswer<'POST /api/v1/webhook-endpoints/:id/replay'>> {
    return this.webhooks.replayPeriod(user, id, body);
  }

  @Post('webhook-deliveries/:id/replay')
  @HttpCode(202)
  replayOne(@CurrentUser() user: AuthUser, @Param('id', UuidParam(WebhookErrors.deliveryNotFound)) id: string): Promise<RouteAnswer<'POST /api/v1/webhook-deliveries/:id/replay'>> {
    return this.webhooks.replayOne(user, id);
  }
}
