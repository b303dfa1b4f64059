import { Inject, Injectable } from '@nestjs/common';
import type { WebhookSecretResponse } from '@coursa/contracts';
import type { WebhookEndpointInput } from '@coursa/contracts/schemas';
import { WEBHOOK_ENDPOINTS_MAX } from '@coursa/domain';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { Clock, RandomSource, SecretBox } from '../../../common/security/secrets.js';
import { MerchantAccounts } from '../../merchants/merchant-accounts.service.js';
import { isAcceptedWebhookUrl } from '../webhook-sender.js';
import { webhookSecretFrom } from '../webhook-signature.js';
import { WebhookErrors } from '../webhooks.errors.js';
import { toEndpointDto } from '../webhooks.mapper.js';
import { WebhooksRepository } from '../webhooks.repository.js';

/** A merchant adds an endpoint: a public URL, WEBHOOK_ENDPOINTS_MAX at most; its secret is shown once, kept sealed. */
@Injectable()
export class CreateEndpointUseCase {
  constructor(
    private readonly merchants: MerchantAccounts,
    private readonly endpoints: WebhooksRepository,
    private readonly uow: UnitOfWork,
    private readonly random: RandomSource,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(user: AuthUser, input: WebhookEndpointInput): Promise<WebhookSecretResponse> {
    const merchant = await this.merchants.require(user);
    if (!isAcceptedWebhookUrl(input.url, this.config.WEBHOOK_ALLOWED_ORIGINS)) throw WebhookErrors.urlRefused();
    const secret = webhookSecretFrom(this.random.token(32));
    const endpoint = await this.uow.run(async (tx) => {
      // Counted under the merchant's row lock: two racing creations cannot both pass the limit.
      await this.endpoints.lockMerchant(tx, merchant.userId);
      if ((await this.endpoints.countOfMerchant(tx, merchant.userId)) >= WEBHOOK_ENDPOINTS_MAX) throw WebhookErrors.limitReached();
      return this.endpoints.create(tx, { merchantId: merchant.userId, url: input.url, description: input.description, eventTypes: input.event_types, secretSealed: this.box.seal(secret) });
    });
    return { endpoint: toEndpointDto(endpoint, this.clock.now()), secret };
  }
}
