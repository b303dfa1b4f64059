import { Injectable } from '@nestjs/common';
import type { WebhookSecretResponse } from '@coursa/contracts';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { Clock, RandomSource, SecretBox } from '../../../common/security/secrets.js';
import { MerchantAccounts } from '../../merchants/merchant-accounts.service.js';
import { webhookSecretFrom } from '../webhook-signature.js';
import { WebhookErrors } from '../webhooks.errors.js';
import { toEndpointDto } from '../webhooks.mapper.js';
import { WebhooksRepository } from '../webhooks.repository.js';

/** How long the secret a rotation replaces keeps signing beside the new one: the merchant's time to switch. */
export const SECRET_OVERLAP_MS = 24 * 3600 * 1000;

/**
 * A new signing secret for an endpoint, shown once. For SECRET_OVERLAP_MS every webhook carries a signature by each
 * (Standard Webhooks: several `v1,` signatures separated by spaces), so the receiver verifies with either while it
 * switches. A second rotation within the overlap keeps only the secret it replaces.
 */
@Injectable()
export class RotateSecretUseCase {
  constructor(
    private readonly merchants: MerchantAccounts,
    private readonly endpoints: WebhooksRepository,
    private readonly uow: UnitOfWork,
    private readonly random: RandomSource,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async execute(user: AuthUser, id: string): Promise<WebhookSecretResponse> {
    const merchant = await this.merchants.require(user);
    const secret = webhookSecretFrom(this.random.token(32));
    const now = this.clock.now();
    const endpoint = await this.uow.run(async (tx) => {
      const current = await this.endpoints.lockOwn(tx, merchant.userId, id);
      if (!current) throw WebhookErrors.endpointNotFound();
      return this.endpoints.rotateSecret(tx, current.id, this.box.seal(secret), current.secretSealed, new Date(now.getTime() + SECRET_OVERLAP_MS));
    });
    return { endpoint: toEndpointDto(endpoint, now), secret };
  }
}
