import { LedgerModule } from './modules/ledger/ledger.module.js';
import { DispatchWorkerModule } from './modules/dispatch/dispatch.module.js';
import { DispatchEvents } from './modules/dispatch/dispatch.events.js';
import { DispatchProcessor } from './modules/dispatch/dispatch.processor.js';
import { RetentionWorkerModule } from './modules/retention/retention.module.js';
import { RetentionEvents } from './modules/retention/retention.events.js';
import { RetentionProcessor } from './modules/retention/retention.processor.js';
import { PlaceBookModule } from './modules/places/place-book.module.js';
import { PlaceBookEvents } from './modules/places/place-book.events.js';
import { PlaceBookProcessor } from './modules/places/place-book.processor.js';
import { TrackingWorkerModule } from './modules/tracking/tracking.module.js';
import { TrackingEvents } from './modules/tracking/tracking.events.js';
import { TrackingProcessor } from './modules/tracking/tracking.processor.js';
import { Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from './common/config/config.js';
import { CoreModule } from './common/core.module.js';
import { JOB_PROCESSORS, type JobProcessor } from './common/queue/job-processor.js';
import { WorkerHost } from './common/queue/worker-host.js';
import { CommissionsWorkerModule } from './modules/commissions/commissions.module.js';
import { CommissionsProcessor } from './modules/commissions/commissions.processor.js';
import { PayoutsWorkerModule } from './modules/payouts/payouts.module.js';
import { PayoutsEvents } from './modules/payouts/payouts.events.js';
import { PayoutsProcessor } from './modules/payouts/payouts.processor.js';
import { NotificationsWorkerModule } from './modules/notifications/notifications-worker.module.js';
import { NotificationsEvents } from './modules/notifications/notifications.events.js';
import { NotificationsProcessor } from './modules/notifications/notifications.processor.js';
import { PaymentsWorkerModule } from './modules/payments/payments.module.js';
import { PaymentsProcessor } from './modules/payments/payments.processor.js';
import { OUTBOX_SUBSCRIBERS, type OutboxSubscriber } from './common/outbox/outbox-handler.js';
import { OutboxListener } from './common/outbox/outbox-listener.js';
import { OutboxRelay } from './common/outbox/outbox-relay.js';
import { RealtimePublisher } from './common/realtime/realtime-publisher.js';
import { ReceiptsEvents } from './modules/receipts/receipts.events.js';
import { ReceiptsProcessor } from './modules/receipts/receipts.processor.js';
import { ReceiptsWorkerModule } from './modules/receipts/receipts.module.js';
import { RefundsEvents } from './modules/refunds/refunds.events.js';
import { RefundsProcessor } from './modules/refunds/refunds.processor.js';
import { RefundsWorkerModule } from './modules/refunds/refunds.module.js';
import { CoursesWorkerModule } from './modules/courses/courses.module.js';
import { CoursesEvents } from './modules/courses/courses.events.js';
import { PushWorkerModule } from './modules/push/push.module.js';
import { PushProcessor } from './modules/push/push.processor.js';
import { StaffNotificationsWorkerModule } from './modules/staff-notifications/staff-notifications.module.js';
import { StaffNotificationsEvents } from './modules/staff-notifications/staff-notifications.events.js';
import { WebhooksWorkerModule } from './modules/webhooks/webhooks.module.js';
import { WebhooksEvents } from './modules/webhooks/webhooks.events.js';
import { WebhooksProcessor } from './modules/webhooks/webhooks.processor.js';

/** Processors of every queue; WorkerHost checks at start that each job name has exactly one handler. */
const PROCESSORS = [NotificationsProcessor, PaymentsProcessor, ReceiptsProcessor, CommissionsProcessor, PayoutsProcessor, RefundsProcessor, DispatchProcessor, RetentionProcessor, TrackingProcessor, PushProcessor, PlaceBookProcessor, WebhooksProcessor];

/**
 * What each module does once an outbox event commits; OutboxRelay checks at start that each event type has a handler.
 * An event's handlers run in this order: the sockets hear of a change before the jobs it starts.
 */
const SUBSCRIBERS = [RealtimePublisher, NotificationsEvents, ReceiptsEvents, PayoutsEvents, RefundsEvents, DispatchEvents, RetentionEvents, TrackingEvents, CoursesEvents, StaffNotificationsEvents, PlaceBookEvents, WebhooksEvents];

/** The worker process: BullMQ processors and the outbox relay with its handlers, no HTTP controllers. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [CoreModule.forRoot(config, logger), LedgerModule, NotificationsWorkerModule, PaymentsWorkerModule, ReceiptsWorkerModule, CommissionsWorkerModule, PayoutsWorkerModule, RefundsWorkerModule, DispatchWorkerModule, RetentionWorkerModule, TrackingWorkerModule, PushWorkerModule, CoursesWorkerModule, StaffNotificationsWorkerModule, PlaceBookModule, WebhooksWorkerModule],
      providers: [
        { provide: JOB_PROCESSORS, useFactory: (...processors: JobProcessor[]) => processors, inject: PROCESSORS },
        WorkerHost,
        RealtimePublisher,
        { provide: OUTBOX_SUBSCRIBERS, useFactory: (...subscribers: OutboxSubscriber[]) => subscribers, inject: SUBSCRIBERS },
        OutboxListener,
        OutboxRelay,
      ],
    };
  }
}
