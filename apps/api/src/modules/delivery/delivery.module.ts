import { Module } from '@nestjs/common';
import { DeliveryController } from './delivery.controller.js';
import { DeliveryRepository } from './delivery.repository.js';
import { DeliveryService } from './delivery.service.js';

@Module({ controllers: [DeliveryController], providers: [DeliveryService, DeliveryRepository] })
export class DeliveryModule {}
