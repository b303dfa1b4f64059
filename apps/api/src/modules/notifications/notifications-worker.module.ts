import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../common/config/config.js';
import { createEmailDriver, createSmsDriver } from './drivers/drivers.js';
import { EMAIL_DRIVER, SMS_DRIVER } from './drivers/message-driver.js';
import { HourlyLimits } from './hourly-limits.js';
import { NotificationsEvents } from './notifications.events.js';
import { NotificationsProcessor } from './notifications.processor.js';

/** The worker's side of notifications: the processor and the drivers chosen by configuration. */
@Module({
  providers: [
    NotificationsProcessor,
    NotificationsEvents,
    HourlyLimits,
    { provide: SMS_DRIVER, useFactory: createSmsDriver, inject: [APP_CONFIG] },
    { provide: EMAIL_DRIVER, useFactory: createEmailDriver, inject: [APP_CONFIG] },
  ],
  exports: [NotificationsProcessor, NotificationsEvents],
})
export class NotificationsWorkerModule {}

