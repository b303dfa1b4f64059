import { describe, expect, it } from '@jest/globals';
import { jobIds, type OutboxEvents } from '@coursa/contracts';
import type { RelayedEvent } from '../../common/outbox/outbox-handler.js';
import { newTestService } from '../../../../../test/support/test-service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import type { V1DeliveryView } from '../public-api/v1-delivery.mapper.js';
import { WebhookJobs } from './webhook-jobs.js';
import { WebhooksEvents } from './webhooks.events.js';
import { WebhooksRepository } from './webhooks.repository.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const COURSE = {
  id: 'c1',
  number: 123,
  status: 'collected',
  merchantReference: 'CMD-42',
  pickupAddress: 'Marché Madina',
  pickupLatitude: 9.5456,
  pickupLongitude: -13.6566,
  deliveryAddress: 'Kaloum',
  deliveryLatitude: 9.5092,
  deliveryLongitude: -13.7122,
  recipientPhone: '+224620000003',
  estimatedPrice: 26_000,
  discount: 0,
  paymentMethod: 'cash_on_delivery',
  createdAt: NOW,
  payment: { status: 'pending' },
  courier: { fullName: 'Ibrahima Camara', phone: '+224660000002' },
} as unknown as V1DeliveryView;

function setUp() {
  const t = newTestService(WebhooksEvents, { now: NOW });
  const webhooks = t.mock(WebhooksRepository);
  webhooks.courseView.mockResolvedValue(COURSE);
  const jobs = t.mock(WebhookJobs);
  return { ...t, webhooks, jobs, notifications: t.mock(NotificationsService) };
}

const statusEvent = (status: OutboxEvents['course.status']['status'], id = 9n): RelayedEvent<'course.status'> => ({
  id,
  type: 'course.status',
  payload: { courseId: 'c1', courseNumber: 123, clientId: 'm1', courierId: 'k1', status },
});

describe('WebhooksEvents', () => {
  it('makes one delivery per subscribed endpoint, its body the course as the public API shows it, and queues the new ones', async () => {
    const t = setUp();
    t.webhooks.subscribedTo.mockResolvedValue([{ id: 'e1' }, { id: 'e2' }]);
    t.webhooks.addForEvent.mockResolvedValue([{ id: 'd1', status: 'pending' }, { id: 'd2', status: 'succeeded' }]);
    const event = statusEvent('collected');
    await t.sut.outboxHandlers['course.status']!(event.payload, event);
    expect(t.webhooks.subscribedTo).toHaveBeenCalledWith('m1', 'delivery.picked_up');
    const rows = t.webhooks.addForEvent.mock.calls[0]![0];
    expect(rows.map((row) => [row.endpointId, row.eventType, row.courseId, row.outboxEventId])).toEqual([
      ['e1', 'delivery.picked_up', 'c1', 9n],
      ['e2', 'delivery.picked_up', 'c1', 9n],
    ]);
    expect(rows[0]!.payload).toMatchObject({ type: 'delivery.picked_up', timestamp: NOW.toISOString(), data: { id: 'c1', object: 'delivery', number: 'CRS-000123', reference: 'CMD-42', status: 'collected', total: 26_000 } });
    // A delivery already done (the event relayed again) is not sent again.
    expect(t.jobs.queue).toHaveBeenCalledWith(['d1']);
  });

  it('maps the course steps to events, and makes none for the others', async () => {
    const expected = { assigned: 'delivery.assigned', collected: 'delivery.picked_up', en_route_delivery: 'delivery.in_transit', delivered: 'delivery.delivered', cancelled: 'delivery.cancelled' } as const;
    for (const [status, type] of Object.entries(expected)) {
      const t = setUp();
      t.webhooks.subscribedTo.mockResolvedValue([]);
      const event = statusEvent(status as keyof typeof expected);
      await t.sut.outboxHandlers['course.status']!(event.payload, event);
      expect(t.webhooks.subscribedTo).toHaveBeenCalledWith('m1', type);
    }
    for (const status of ['pending', 'en_route_pickup'] as const) {
      const t = setUp();
      const event = statusEvent(status);
      await t.sut.outboxHandlers['course.status']!(event.payload, event);
      expect(t.webhooks.subscribedTo).not.toHaveBeenCalled();
    }
  });

  it('reads nothing more for a client without endpoints (most clients)', async () => {
    const t = setUp();
    t.webhooks.subscribedTo.mockResolvedValue([]);
    await t.sut.outboxHandlers['course.created']!({ courseId: 'c1', courseNumber: 123, clientId: 'u1', estimatedPrice: 1, pickupAddress: 'a', deliveryAddress: 'b', createdAt: NOW.toISOString() }, { id: 3n } as RelayedEvent<'course.created'>);
    expect(t.webhooks.subscribedTo).toHaveBeenCalledWith('u1', 'delivery.created');
    expect(t.webhooks.courseView).not.toHaveBeenCalled();
    expect(t.webhooks.addForEvent).not.toHaveBeenCalled();
  });

  it("tells a refund completed as its course's delivery.refunded", async () => {
    const t = setUp();
    t.webhooks.courseOfRefund.mockResolvedValue('c1');
    t.webhooks.subscribedTo.mockResolvedValue([{ id: 'e1' }]);
    t.webhooks.addForEvent.mockResolvedValue([{ id: 'd1', status: 'pending' }]);
    await t.sut.outboxHandlers['refund.completed']!({ refundId: 'r1', clientId: 'm1', amount: 26_000 }, { id: 11n } as RelayedEvent<'refund.completed'>);
    expect(t.webhooks.subscribedTo).toHaveBeenCalledWith('m1', 'delivery.refunded');
    expect(t.webhooks.addForEvent.mock.calls[0]![0][0]).toMatchObject({ eventType: 'delivery.refunded', courseId: 'c1', outboxEventId: 11n });
  });

  it('e-mails the merchant once when an endpoint is disabled', async () => {
    const t = setUp();
    t.webhooks.merchantContact.mockResolvedValue({ businessName: 'Pharmacie de Kaloum', user: { fullName: 'Fanta Camara', email: 'fanta@exemple.gn' } });
    await t.sut.outboxHandlers['webhook.disabled']!({ endpointId: 'e1', merchantId: 'm1', url: 'https://boutique.example.gn/hooks', reason: 'Désactivé.' }, { id: 21n } as RelayedEvent<'webhook.disabled'>);
    expect(t.notifications.sendEmail).toHaveBeenCalledWith('fanta@exemple.gn', expect.objectContaining({ kind: 'webhook_disabled', subject: 'Votre webhook Coursa est désactivé' }), jobIds.outboxEmail(21n));
  });
});
