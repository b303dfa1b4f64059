import { Module } from '@nestjs/common';
import { TrackingModule } from '../tracking/tracking.module.js';
import { RecipientTrackingController } from './recipient-tracking.controller.js';
import { RecipientTrackingRepository } from './recipient-tracking.repository.js';
import { RecipientTrackingService } from './recipient-tracking.service.js';

@Module({ imports: [TrackingModule], controllers: [RecipientTrackingController], providers: [RecipientTrackingService, RecipientTrackingRepository] })
export class RecipientTrackingModule {}
