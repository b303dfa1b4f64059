import { Injectable } from '@nestjs/common';
import { rooms } from '@coursa/contracts';
import type { OutboxHandlers, OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { RealtimeEmitter } from '../../common/realtime/realtime-emitter.js';
import { pushTexts } from '../push/push-texts.js';
import { PushService } from '../push/push.service.js';

/** A courier gone quiet on a course (issue 37): ops hear of it, and the courier gets a push to reopen the app, once per silence. */
@Injectable()
export class TrackingEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'courier.silent': async ({ courierId, courierName, since, courseIds }) => {
      await this.realtime.emit([rooms.ops], 'notification', { kind: 'courier_silent', message: `Livreur sans position : ${courierName}` });
      const courseId = courseIds[0];
      if (courseId) await this.push.notifyUser(courierId, pushTexts.positionSilent(courseId), `silent-${courierId}-${since}`);
    },
  };

  constructor(
    private readonly realtime: RealtimeEmitter,
    private readonly push: PushService,
  ) {}
}
