import { WEBHOOK_TEST_EVENT } from '@coursa/domain';
import { Injectable } from '@nestjs/common';
import { type MessageResponse, type WebhookDeliveryDto, type WebhookEndpointDto, type WebhookPayload, type WebhookReplayResponse } from '@coursa/contracts';
import type { ReplayPeriodInput, WebhookDeliveryListInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/security/secrets.js';
import { MerchantAccounts } from '../merchants/merchant-accounts.service.js';
import { WebhookJobs } from './webhook-jobs.js';
import { WebhookErrors } from './webhooks.errors.js';
import { toDeliveryDto, toEndpointDto } from './webhooks.mapper.js';
import { WebhooksRepository } from './webhooks.repository.js';

export const WebhookMessages = {
  removed: 'Webhook supprimé.',
  test: 'Ceci est un test de Coursa : votre webhook reçoit bien nos événements.',
};

/**
 * A merchant's webhooks (issue 40), the API side: the endpoints, their delivery log, and what sends again (the test
 * button, the replays). Every route asks MerchantAccounts first; someone else's endpoint or delivery is unknown (404).
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly merchants: MerchantAccounts,
    private readonly webhooks: WebhooksRepository,
    private readonly jobs: WebhookJobs,
    private readonly clock: Clock,
  ) {}

  async list(user: AuthUser): Promise<WebhookEndpointDto[]> {
    const merchant = await this.merchants.require(user);
    const now = this.clock.now();
    return (await this.webhooks.ofMerchant(merchant.userId)).map((endpoint) => toEndpointDto(endpoint, now));
  }

  async remove(user: AuthUser, id: string): Promise<MessageResponse> {
    const merchant = await this.merchants.require(user);
    // Its deliveries and their log go with it; a job still queued for one of them finds nothing to send.
    if (!(await this.webhooks.removeOwn(merchant.userId, id))) throw WebhookErrors.endpointNotFound();
    return { message: WebhookMessages.removed };
  }

  /** The endpoint's delivery log, newest first, a page at a time, each delivery with its tries. */
  async deliveries(user: AuthUser, id: string, query: WebhookDeliveryListInput): Promise<{ deliveries: WebhookDeliveryDto[]; next_cursor: string | null }> {
    const endpoint = await this.ownEndpoint(user, id);
    const { rows, nextCursor } = await this.webhooks.pageOfEndpoint(endpoint.id, query.status, query);
    return { deliveries: rows.map(toDeliveryDto), next_cursor: nextCursor };
  }

  /** « Envoyer un test »: a `webhook.test` event, through the same queue, signing and log as the others. */
  async sendTest(user: AuthUser, id: string): Promise<WebhookDeliveryDto> {
    const endpoint = await this.ownEndpoint(user, id);
    if (endpoint.disabledAt) throw WebhookErrors.endpointDisabled();
    const now = this.clock.now();
    const payload: WebhookPayload = { type: WEBHOOK_TEST_EVENT, timestamp: now.toISOString(), data: { message: WebhookMessages.test } };
    const delivery = await this.webhooks.addOne({ endpointId: endpoint.id, eventType: WEBHOOK_TEST_EVENT, courseId: null, outboxEventId: null, payload, nextAttemptAt: now });
    await this.jobs.queue([delivery.id]);
    return toDeliveryDto(delivery);
  }

  /** Sends one delivery again, now, with its `webhook-id` (the receiver recognises it) and its body as first built. */
  async replayOne(user: AuthUser, deliveryId: string): Promise<WebhookDeliveryDto> {
    const merchant = await this.merchants.require(user);
    const delivery = await this.webhooks.findOwnDelivery(merchant.userId, deliveryId);
    if (!delivery) throw WebhookErrors.deliveryNotFound();
    if (delivery.endpoint.disabledAt) throw WebhookErrors.endpointDisabled();
    await this.webhooks.resend({ id: delivery.id }, this.clock.now());
    await this.jobs.sendNow([delivery.id]);
    return toDeliveryDto((await this.webhooks.withLog(delivery.id))!);
  }

  /** Sends again every delivery of the endpoint made in the period (at most 7 days: ReplayPeriodSchema). */
  async replayPeriod(user: AuthUser, id: string, period: ReplayPeriodInput): Promise<WebhookReplayResponse> {
    const endpoint = await this.ownEndpoint(user, id);
    if (endpoint.disabledAt) throw WebhookErrors.endpointDisabled();
    const ids = await this.webhooks.resend({ endpointId: endpoint.id, createdAt: { gte: new Date(period.since), lt: new Date(period.until) } }, this.clock.now());
    await this.jobs.sendNow(ids);
    return { replayed: ids.length };
  }

  private async ownEndpoint(user: AuthUser, id: string) {
    const merchant = await this.merchants.require(user);
    const endpoint = await this.webhooks.findOwn(merchant.userId, id);
    if (!endpoint) throw WebhookErrors.endpointNotFound();
    return endpoint;
  }
}
