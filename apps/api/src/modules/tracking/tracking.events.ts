import { Injectable } from '@nestjs/common';
import { rooms } from '@coursa/contracts';
import type { OutboxHandlers, OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { RealtimeEmitter } from '../../common/realtime/realtime-emitter.js';

/** What ops hear of the couriers' positions: a courier gone quiet on a course (issue 37). */
@Injectable()
export class TrackingEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'courier.silent': async ({ courierName }) => {
      await this.realtime.emit([rooms.ops], 'notification', { kind: 'courier_silent', message: `Livreur sans position : ${courierName}` });
    },
  };

  constructor(private readonly realtime: RealtimeEmitter) {}
}
