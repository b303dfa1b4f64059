import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { HourlyLimits } from '../notifications/hourly-limits.js';
import { WebPushSender, PUSH_SENDER } from './push-sender.js';
import { PushController } from './push.controller.js';
import { PushProcessor } from './push.processor.js';
import { PushRepository } from './push.repository.js';
import { PushService } from './push.service.js';

/** What other modules use to push to a user (`PushService.notifyUser`), in the API and in the worker. */
@Module({ providers: [PushService, PushRepository], exports: [PushService, PushRepository] })
export class PushModule {}

/** The API's side: devices subscribe and unsubscribe. */
@Module({ imports: [PushModule], controllers: [PushController] })
export class PushApiModule {}

/** The worker's side: the push job and the sender. */
@Module({
  imports: [PushModule],
  providers: [
    PushProcessor,
    HourlyLimits,
    { provide: PUSH_SENDER, useFactory: (config: AppConfig) => new WebPushSender(config), inject: [APP_CONFIG] },
  ],
  exports: [PushProcessor],
})
export class PushWorkerModule {}
