import { Injectable } from '@nestjs/common';
import { rooms } from '@coursa/contracts';
import type { OutboxHandlers, OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { RealtimeEmitter } from '../../common/realtime/realtime-emitter.js';
import { StaffNotificationsRepository } from './staff-notifications.repository.js';

/**
 * A notice to staff is kept (one row per event, issue 38), then told live to the `ops` room with its id, so the
 * notification centre shows it at once and can mark it read.
 */
@Injectable()
export class StaffNotificationsEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'staff.notice': async ({ kind, message }, event) => {
      const kept = await this.notifications.keep(event.id, kind, message);
      await this.realtime.emit([rooms.ops], 'notification', { kind, message, id: kept.id, created_at: kept.createdAt.toISOString() });
    },
  };

  constructor(
    private readonly notifications: StaffNotificationsRepository,
    private readonly realtime: RealtimeEmitter,
  ) {}
}
