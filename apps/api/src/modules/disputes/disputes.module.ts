import { Module } from '@nestjs/common';
import { DisputesController } from './disputes.controller.js';
import { DisputesRepository } from './disputes.repository.js';
import { DisputesService } from './disputes.service.js';

@Module({ controllers: [DisputesController], providers: [DisputesService, DisputesRepository] })
export class DisputesModule {}
