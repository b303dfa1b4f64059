import { Inject, Injectable } from '@nestjs/common';
import { jobIds, type WebhookPayload } from '@coursa/contracts';
import type { CourseStatus, WebhookEventType } from '@coursa/domain';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import type { OutboxHandlers, OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { Clock } from '../../common/security/secrets.js';
import { webhookDisabledEmail } from '../notifications/email-templates.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { toV1Delivery } from '../public-api/v1-delivery.mapper.js';
import { WebhookJobs } from './webhook-jobs.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** The course steps a merchant hears of; the others (on the way to the pickup, back to dispatch) make no webhook. */
export const STATUS_EVENTS: Partial<Record<CourseStatus, WebhookEventType>> = {
  assigned: 'delivery.assigned',
  collected: 'delivery.picked_up',
  en_route_delivery: 'delivery.in_transit',
  delivered: 'delivery.delivered',
  cancelled: 'delivery.cancelled',
};

/**
 * A merchant's course moved: each enabled endpoint of the merchant that chose the event gets a delivery, its body built
 * now from the course as it is (the public API's view) and kept, so every try sends the same bytes. One delivery per
 * endpoint and outbox event (a unique key): an event relayed twice makes none more. A client that is no merchant has no
 * endpoint, and costs one indexed read.
 */
@Injectable()
export class WebhooksEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'course.created': ({ courseId, clientId }, event) => this.fanOut(event.id, clientId, courseId, 'delivery.created'),
    'course.status': async ({ courseId, clientId, status }, event) => {
      const type = STATUS_EVENTS[status];
      if (type) await this.fanOut(event.id, clientId, courseId, type);
    },
    'refund.completed': async ({ refundId, clientId }, event) => {
      const courseId = await this.webhooks.courseOfRefund(refundId);
      if (courseId) await this.fanOut(event.id, clientId, courseId, 'delivery.refunded');
    },
    'webhook.disabled': async ({ merchantId, url, reason }, event) => {
      const contact = await this.webhooks.merchantContact(merchantId);
      if (!contact?.user.email) {
        this.logger.warn({ merchantId, url }, 'webhook endpoint disabled; its merchant has no e-mail address to tell');
        return;
      }
      await this.notifications.sendEmail(contact.user.email, webhookDisabledEmail({ fullName: contact.user.fullName, businessName: contact.businessName, url, reason }), jobIds.outboxEmail(event.id));
    },
  };

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly jobs: WebhookJobs,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private async fanOut(eventId: bigint, merchantId: string, courseId: string, type: WebhookEventType) {
    const endpoints = await this.webhooks.subscribedTo(merchantId, type);
    if (!endpoints.length) return;
    const course = await this.webhooks.courseView(courseId);
    if (!course) return;
    const now = this.clock.now();
    const payload: WebhookPayload = { type, timestamp: now.toISOString(), data: toV1Delivery(course) };
    const deliveries = await this.webhooks.addForEvent(
      endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventType: type, courseId, outboxEventId: eventId, payload, nextAttemptAt: now })),
    );
    await this.jobs.queue(deliveries.filter((delivery) => delivery.status === 'pending').map((delivery) => delivery.id));
  }
}
