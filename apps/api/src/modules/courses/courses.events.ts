import { Injectable } from '@nestjs/common';
import { jobIds } from '@coursa/contracts';
import type { OutboxHandlers, OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { pushTexts } from '../push/push-texts.js';
import { PushService } from '../push/push.service.js';

/**
 * A course's moves told by push to whom they matter while the app may be closed (issue 37): the client at each step
 * of their parcel, the courier when his course is cancelled by someone else or closed by staff.
 */
@Injectable()
export class CoursesEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'course.status': async ({ courseId, clientId, courierId, status, movedBy }, event) => {
      const toClient =
        status === 'assigned' ? pushTexts.courierAssigned(courseId)
        : status === 'collected' ? pushTexts.parcelCollected(courseId)
        : status === 'en_route_delivery' ? pushTexts.courierOnTheWay(courseId)
        : null;
      if (toClient) await this.push.notifyUser(clientId, toClient, jobIds.outboxPush(event.id, clientId));
      if (status === 'assigned' && movedBy === 'staff' && courierId) {
        await this.push.notifyUser(courierId, pushTexts.courseGivenToYou(courseId), jobIds.outboxPush(event.id, courierId));
        return;
      }
      if (!courierId || movedBy === 'courier') return;
      const toCourier =
        status === 'cancelled' ? pushTexts.courseCancelled(courseId)
        : status === 'delivered' && movedBy === 'staff' ? pushTexts.courseClosedByStaff(courseId)
        : null;
      if (toCourier) await this.push.notifyUser(courierId, toCourier, jobIds.outboxPush(event.id, courierId));
    },
    // Staff moved the course to another courier (issue 38): the three of them are told, the phones maybe locked.
    'course.courier_changed': async ({ courseId, clientId, courierId, previousCourierId }, event) => {
      await this.push.notifyUser(courierId, pushTexts.courseGivenToYou(courseId), jobIds.outboxPush(event.id, courierId));
      await this.push.notifyUser(previousCourierId, pushTexts.courseTakenFromYou(courseId), jobIds.outboxPush(event.id, previousCourierId));
      await this.push.notifyUser(clientId, pushTexts.courierChanged(courseId), jobIds.outboxPush(event.id, clientId));
    },
    // The delivery's push comes with the receipt's event: the client finds the receipt under « Mes courses ».
    'course.delivered': async ({ courseId, clientId }, event) => {
      await this.push.notifyUser(clientId, pushTexts.delivered(courseId), jobIds.outboxPush(event.id, clientId));
    },
  };

  constructor(private readonly push: PushService) {}
}
