import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { PositionsStore } from './positions.store.js';
import { TrackingGateway } from './tracking.gateway.js';
import { TrackingRepository } from './tracking.repository.js';

@Module({
  imports: [AuthModule, UsersModule],
  providers: [TrackingGateway, TrackingRepository, PositionsStore],
  exports: [PositionsStore],
})
export class TrackingModule {}
