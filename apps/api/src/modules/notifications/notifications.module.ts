import { Module } from '@nestjs/common';
import { NotificationsService } from './notifications.service.js';

/** The API's side of notifications: queueing only. */
@Module({ providers: [NotificationsService], exports: [NotificationsService] })
export class NotificationsModule {}
