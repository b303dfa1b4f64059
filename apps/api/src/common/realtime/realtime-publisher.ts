import { Injectable } from '@nestjs/common';
import { rooms } from '@coursa/contracts';
import { COURSE_STATUS_LABELS, courseNumber } from '@coursa/domain';
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
        course_number: courseNumber(event.courseNumber),
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
        course_number: courseNumber(event.courseNumber),
        status,
        status_label: COURSE_STATUS_LABELS[status],
        courier_id: event.courierId ?? null,
      });
      // A hand-back (issue 38): the courier who left it, told above, no longer follows it nor sends it his positions.
      if (event.previousCourierId) await this.dropCourier(event.courseId, event.previousCourierId);
    },
    // Staff gave the course to another courier (issue 38): the new one follows it and his positions go to it, the
    // first one's stop; then all of them hear it, the first one in his own room.
    'course.courier_changed': async (event) => {
      await this.realtime.join([rooms.user(event.courierId)], [rooms.course(event.courseId)]);
      await this.realtime.serverSideEmit('courier:courses-changed', event.courierId);
      await this.dropCourier(event.courseId, event.previousCourierId);
      await this.realtime.emit([rooms.course(event.courseId), rooms.ops, rooms.user(event.previousCourierId)], 'course:courier-changed', {
        course_id: event.courseId,
        course_number: courseNumber(event.courseNumber),
        status: event.status,
        courier_id: event.courierId,
        courier_name: event.courierName,
        previous_courier_id: event.previousCourierId,
      });
    },
    'payment.updated': async (event) => {
      const message = PAYMENT_MESSAGES[event.status];
      if (message) await this.realtime.emit([rooms.user(event.clientId)], 'notification', { kind: 'payment', message });
    },
  };

  constructor(private readonly realtime: RealtimeEmitter) {}

  /**
   * A courier who no longer has a course (issue 38) leaves its room, so he hears neither it nor the next courier's
   * positions, and his processes re-read his courses, so his positions stop going to its client.
   */
  private async dropCourier(courseId: string, courierId: string) {
    await this.realtime.leave([rooms.user(courierId)], [rooms.course(courseId)]);
    await this.realtime.serverSideEmit('courier:courses-changed', courierId);
  }
}
