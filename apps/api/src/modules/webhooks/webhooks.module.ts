import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { MerchantAccountsModule } from '../merchants/merchant-accounts.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { CreateEndpointUseCase } from './use-cases/create-endpoint.use-case.js';
import { RecordAttemptUseCase } from './use-cases/record-attempt.use-case.js';
import { RotateSecretUseCase } from './use-cases/rotate-secret.use-case.js';
import { UpdateEndpointUseCase } from './use-cases/update-endpoint.use-case.js';
import { WebhookJobs } from './webhook-jobs.js';
import { HttpWebhookSender, WEBHOOK_SENDER } from './webhook-sender.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksEvents } from './webhooks.events.js';
import { WebhooksProcessor } from './webhooks.processor.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/** The API's side of merchants' webhooks (issue 40): endpoints, secrets, the delivery log, the test and the replays. */
@Module({
  imports: [MerchantAccountsModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhooksRepository, WebhookJobs, CreateEndpointUseCase, UpdateEndpointUseCase, RotateSecretUseCase],
})
export class WebhooksModule {}

/** The worker's side: the course and refund events become deliveries, the job sends them, a dead endpoint is disabled. */
@Module({
  imports: [NotificationsModule],
  providers: [
    WebhooksEvents,
    WebhooksProcessor,
    WebhooksRepository,
    WebhookJobs,
    RecordAttemptUseCase,
    { provide: WEBHOOK_SENDER, useFactory: (config: AppConfig) => new HttpWebhookSender(config), inject: [APP_CONFIG] },
  ],
  exports: [WebhooksEvents, WebhooksProcessor],
})
export class WebhooksWorkerModule {}
