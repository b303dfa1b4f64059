import { Module } from '@nestjs/common';
import { CourierRatingsController, RatingsController } from './ratings.controller.js';
import { RatingsRepository } from './ratings.repository.js';
import { RatingsService } from './ratings.service.js';

@Module({ controllers: [RatingsController, CourierRatingsController], providers: [RatingsService, RatingsRepository] })
export class RatingsModule {}
