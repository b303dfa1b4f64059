import { Inject, Injectable } from '@nestjs/common';
import type { WebhookEndpointDto } from '@coursa/contracts';
import type { WebhookEndpointUpdateInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { Clock } from '../../../common/security/secrets.js';
import { MerchantAccounts } from '../../merchants/merchant-accounts.service.js';
import { isAcceptedWebhookUrl } from '../webhook-sender.js';
import { WebhookErrors } from '../webhooks.errors.js';
import { toEndpointDto } from '../webhooks.mapper.js';
import { WebhooksRepository, type EndpointChanges } from '../webhooks.repository.js';

export const DISABLED_BY_MERCHANT = 'Désactivé par le marchand.';

/**
 * A merchant changes an endpoint: its URL (checked as at creation), description, events, or whether it is on.
 * Turning it on again starts its count of failures in a row from zero.
 */
@Injectable()
export class UpdateEndpointUseCase {
  constructor(
    private readonly merchants: MerchantAccounts,
    private readonly endpoints: WebhooksRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(user: AuthUser, id: string, input: WebhookEndpointUpdateInput): Promise<WebhookEndpointDto> {
    const merchant = await this.merchants.require(user);
    if (input.url !== undefined && !isAcceptedWebhookUrl(input.url, this.config.WEBHOOK_ALLOWED_ORIGINS)) throw WebhookErrors.urlRefused();
    const now = this.clock.now();
    const endpoint = await this.uow.run(async (tx) => {
      const current = await this.endpoints.lockOwn(tx, merchant.userId, id);
      if (!current) throw WebhookErrors.endpointNotFound();
      const changes: EndpointChanges = {
        ...(input.url !== undefined && { url: input.url }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.event_types !== undefined && { eventTypes: input.event_types }),
      };
      if (input.enabled === true) Object.assign(changes, { disabledAt: null, disabledReason: null, consecutiveFailures: 0 });
      if (input.enabled === false && !current.disabledAt) Object.assign(changes, { disabledAt: now, disabledReason: DISABLED_BY_MERCHANT });
      return this.endpoints.update(tx, current.id, changes);
    });
    return toEndpointDto(endpoint, now);
  }
}
