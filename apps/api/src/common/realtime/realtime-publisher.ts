import { Injectable } from '@nestjs/common';
import { rooms } from '@coursa/contracts';
import { COURSE_STATUS_LABELS } from '@coursa/domain';
import type { OutboxHandlers, OutboxSubscriber } from '../outbox/outbox-handler.js';
import { RealtimeEmitter } from './realtime-emitter.js';

const PAYMENT_MESSAGES: Record<string, string> = {
  succeeded: 'Paiement confirmé.',
  failed: 'Paiement refusé.',
  expired: 'Paiement expiré : aucune confirmation reçue.',
  refund_pending: "Paiement reçu, mais la course n'a pas pu être créée : vous serez remboursé.",
};

/**
 * What each outbox event means for the sockets: who follows which course, and who is told what. (A `staff.notice` is
 * kept first, then told, by its module: modules/staff-notifications.)
 */
@Injectable()
export class RealtimePublisher implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'course.created': async (event) => {
      await this.realtime.join([rooms.user(event.clientId)], [rooms.course(event.courseId)]);
      // Staff see it at once; couriers are offered it by DispatchProcessor, the nearest first.
      await this.realtime.emit([rooms.ops], 'course:available', {
        id: event.courseId,
        estimated_price: event.estimatedPrice,
        pickup_address: event.pickupAddress,
        delivery_address: event.deliveryAddress,
        created_at: event.createdAt,
      });
    },
    'course.status': async (event) => {
      const { status } = event;
      const parties = [rooms.user(event.clientId), ...(event.courierId ? [rooms.user(event.courierId)] : [])];
      await this.realtime.join(parties, [rooms.course(event.courseId)]);
      // The courier's positions start (accepted) or stop (delivered, cancelled) going to this course at once.
      if (event.courierId) await this.realtime.serverSideEmit('courier:courses-changed', event.courierId);
      // Couriers waiting for work learn the course is gone as soon as it leaves "pending".
      await this.realtime.emit([rooms.course(event.courseId), rooms.ops, rooms.availableCouriers], 'course:status', {
        course_id: event.courseId,
        status,
        status_label: COURSE_STATUS_LABELS[status],
        courier_id: event.courierId ?? null,
      });
    },
    'payment.updated': async (event) => {
      const message = PAYMENT_MESSAGES[event.status];
      if (message) await this.realtime.emit([rooms.user(event.clientId)], 'notification', { kind: 'payment', message });
    },
  };

  constructor(private readonly realtime: RealtimeEmitter) {}
}
