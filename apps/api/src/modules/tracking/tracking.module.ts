import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ArrivingWatch } from './arriving-watch.service.js';
import { LivePositions } from './live-positions.service.js';
import { OpsSnapshots } from './ops-snapshot.service.js';
import { PositionsStore } from './positions.store.js';
import { SessionSweep } from './session-sweep.service.js';
import { TrackingGateway } from './tracking.gateway.js';
import { TrackingRepository } from './tracking.repository.js';
import { TrailBuffer } from './trail-buffer.service.js';

@Module({
  imports: [AuthModule],
  providers: [TrackingGateway, TrackingRepository, PositionsStore, LivePositions, OpsSnapshots, TrailBuffer, SessionSweep, ArrivingWatch],
  exports: [PositionsStore],
})
export class TrackingModule {}
