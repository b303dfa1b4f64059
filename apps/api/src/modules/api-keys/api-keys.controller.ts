import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { ApiKeyRequestSchema, RotateApiKeySchema, type ApiKeyRequestInput, type RotateApiKeyInput } from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { ApiKeyErrors } from './api-keys.errors.js';
import { ApiKeysService } from './api-keys.service.js';
import { CreateApiKeyUseCase } from './use-cases/create-api-key.use-case.js';
import { RevokeApiKeyUseCase } from './use-cases/revoke-api-key.use-case.js';
import { RotateApiKeyUseCase } from './use-cases/rotate-api-key.use-case.js';

const KeyId = UuidParam(ApiKeyErrors.notFound);

/**
 * A merchant's API keys (issue 40), managed from its session only: no route here takes a key (@ApiKeyScope), so a key
 * cannot make, renew or revoke keys. Every route asks MerchantAccounts first (403 for a client who is not a merchant).
 */
@Roles('client')
@Controller('merchant/api-keys')
export class ApiKeysController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly createKey: CreateApiKeyUseCase,
    private readonly rotateKey: RotateApiKeyUseCase,
    private readonly revokeKey: RevokeApiKeyUseCase,
  ) {}

  @Get()
  list(@CurrentUser() user: AuthUser): Promise<RouteAnswer<'GET /api/merchant/api-keys'>> {
    return this.keys.list(user);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(ApiKeyRequestSchema)) body: ApiKeyRequestInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/merchant/api-keys'>> {
    return this.createKey.execute(user, body, ip);
  }

  @Post(':id/rotate')
  @HttpCode(201)
  rotate(
    @CurrentUser() user: AuthUser,
    @Param('id', KeyId) id: string,
    @Body(new ZodPipe(RotateApiKeySchema)) body: RotateApiKeyInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/merchant/api-keys/:id/rotate'>> {
    return this.rotateKey.execute(user, id, body, ip);
  }

  @Delete(':id')
  revoke(@CurrentUser() user: AuthUser, @Param('id', KeyId) id: string, @ClientIp() ip: string): Promise<RouteAnswer<'DELETE /api/merchant/api-keys/:id'>> {
    return this.revokeKey.execute(user, id, ip);
  }
}
