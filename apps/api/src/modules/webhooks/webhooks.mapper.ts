import type { WebhookEventType } from '@coursa/domain';
import type { WebhookDeliveryDto, WebhookEndpointDto } from '@coursa/contracts';
import type { WebhookEndpoint } from '../../generated/prisma/client.js';
import type { LoggedDelivery } from './webhooks.repository.js';
import { webhookIdOf } from './webhook-signature.js';

/** An endpoint as its merchant sees it: never its secret (shown once, when made or rotated). */
export function toEndpointDto(endpoint: WebhookEndpoint, now: Date): WebhookEndpointDto {
  const overlapEnds = endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? endpoint.previousSecretExpiresAt : null;
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    // Written from the contracts' list only (WebhookEndpointSchema).
    event_types: endpoint.eventTypes as WebhookEventType[],
    enabled: endpoint.disabledAt === null,
    disabled_at: endpoint.disabledAt?.toISOString() ?? null,
    disabled_reason: endpoint.disabledReason,
    previous_secret_expires_at: overlapEnds?.toISOString() ?? null,
    created_at: endpoint.createdAt.toISOString(),
  };
}

/** A line of the delivery log: one event for one endpoint, with every try. */
export function toDeliveryDto(delivery: LoggedDelivery): WebhookDeliveryDto {
  return {
    id: delivery.id,
    webhook_id: webhookIdOf(delivery.id),
    event_type: delivery.eventType,
    delivery_id: delivery.courseId,
    status: delivery.status,
    attempts: delivery.log.map((attempt) => ({
      attempted_at: attempt.attemptedAt.toISOString(),
      status_code: attempt.statusCode,
      latency_ms: attempt.latencyMs,
      response_excerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
    next_attempt_at: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: delivery.createdAt.toISOString(),
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
  };
}
