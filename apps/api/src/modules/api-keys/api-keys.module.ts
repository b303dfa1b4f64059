import { Module } from '@nestjs/common';
import { MerchantAccountsModule } from '../merchants/merchant-accounts.module.js';
import { ApiKeyAuth } from './api-key-auth.service.js';
import { ApiKeysController } from './api-keys.controller.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { ApiKeysService } from './api-keys.service.js';
import { CreateApiKeyUseCase } from './use-cases/create-api-key.use-case.js';
import { RevokeApiKeyUseCase } from './use-cases/revoke-api-key.use-case.js';
import { RotateApiKeyUseCase } from './use-cases/rotate-api-key.use-case.js';

/** A request made with a merchant's API key (issue 40): what the auth guard asks. */
@Module({ providers: [ApiKeyAuth, ApiKeysRepository], exports: [ApiKeyAuth] })
export class ApiKeyAuthModule {}

/** A merchant's « Clés d’API »: list, create, rotate, revoke (issue 40). */
@Module({
  imports: [MerchantAccountsModule],
  controllers: [ApiKeysController],
  providers: [ApiKeysService, ApiKeysRepository, CreateApiKeyUseCase, RotateApiKeyUseCase, RevokeApiKeyUseCase],
})
export class ApiKeysModule {}
