import { Module } from '@nestjs/common';
import { LoyaltyController } from './loyalty.controller.js';
import { LoyaltyRepository } from './loyalty.repository.js';
import { LoyaltyService } from './loyalty.service.js';

@Module({ controllers: [LoyaltyController], providers: [LoyaltyService, LoyaltyRepository], exports: [LoyaltyService] })
export class LoyaltyModule {}
