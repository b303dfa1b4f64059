import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { PushModule } from '../push/push.module.js';
import { ArrivingWatch } from './arriving-watch.service.js';
import { LivePositions } from './live-positions.service.js';
import { OpsSnapshots } from './ops-snapshot.service.js';
import { PositionsStore } from './positions.store.js';
import { SessionSweep } from './session-sweep.service.js';
import { SilencesRepository } from './silences.repository.js';
import { SilentCouriers } from './silent-couriers.service.js';
import { TrackingController } from './tracking.controller.js';
import { TrackingEvents } from './tracking.events.js';
import { TrackingGateway } from './tracking.gateway.js';
import { TrackingProcessor } from './tracking.processor.js';
import { TrackingRepository } from './tracking.repository.js';
import { TrackingScheduler } from './tracking.scheduler.js';
import { TrailBuffer } from './trail-buffer.service.js';

@Module({
  imports: [AuthModule],
  controllers: [TrackingController],
  providers: [TrackingGateway, TrackingRepository, PositionsStore, LivePositions, OpsSnapshots, TrailBuffer, SessionSweep, SilencesRepository, SilentCouriers, ArrivingWatch],
  exports: [PositionsStore],
})
export class TrackingModule {}

/** Worker side: the couriers gone quiet on a course (issue 37), what ops hear of them, and their push. */
@Module({
  imports: [PushModule],
  providers: [SilencesRepository, PositionsStore, SilentCouriers, TrackingProcessor, TrackingEvents, TrackingScheduler],
  exports: [TrackingProcessor, TrackingEvents],
})
export class TrackingWorkerModule {}
