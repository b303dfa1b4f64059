import { LedgerModule } from './modules/ledger/ledger.module.js';
import { DispatchWorkerModule } from './modules/dispatch/dispatch.module.js';
import { DispatchProcessor } from './modules/dispatch/dispatch.processor.js';
import { RetentionWorkerModule } from './modules/retention/retention.module.js';
import { RetentionProcessor } from './modules/retention/retention.processor.js';
import { Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from './common/config/config.js';
import { CoreModule } from './common/core.module.js';
import { JOB_PROCESSORS, type JobProcessor } from './common/queue/job-processor.js';
import { WorkerHost } from './common/queue/worker-host.js';
import { CommissionsWorkerModule } from './modules/commissions/commissions.module.js';
import { CommissionsProcessor } from './modules/commissions/commissions.processor.js';
import { PayoutsWorkerModule } from './modules/payouts/payouts.module.js';
import { PayoutsProcessor } from './modules/payouts/payouts.processor.js';
import { NotificationsWorkerModule } from './modules/notifications/notifications-worker.module.js';
import { NotificationsProcessor } from './modules/notifications/notifications.processor.js';
import { PaymentsWorkerModule } from './modules/payments/payments.module.js';
import { PaymentsProcessor } from './modules/payments/payments.processor.js';
import { OutboxRelay } from './common/outbox/outbox-relay.js';
import { RealtimePublisher } from './common/outbox/realtime-publisher.js';
import { ReceiptsProcessor } from './modules/receipts/receipts.processor.js';
import { ReceiptsWorkerModule } from './modules/receipts/receipts.module.js';
import { RefundsProcessor } from './modules/refunds/refunds.processor.js';
import { RefundsWorkerModule } from './modules/refunds/refunds.module.js';

/** Processors of every queue; WorkerHost checks at start that each job name has exactly one handler. */
const PROCESSORS = [NotificationsProcessor, PaymentsProcessor, ReceiptsProcessor, CommissionsProcessor, PayoutsProcessor, RefundsProcessor, DispatchProcessor, RetentionProcessor];

/** The worker process: BullMQ processors and the outbox relay, no HTTP controllers. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [CoreModule.forRoot(config, logger), LedgerModule, NotificationsWorkerModule, PaymentsWorkerModule, ReceiptsWorkerModule, CommissionsWorkerModule, PayoutsWorkerModule, RefundsWorkerModule, DispatchWorkerModule, RetentionWorkerModule],
      providers: [
        { provide: JOB_PROCESSORS, useFactory: (...processors: JobProcessor[]) => processors, inject: PROCESSORS },
        WorkerHost,
        OutboxRelay,
        RealtimePublisher,
      ],
    };
  }
}
