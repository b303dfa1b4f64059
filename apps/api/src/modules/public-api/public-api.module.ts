import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { OrderDeskModule } from '../courses/order-desk.module.js';
import { MerchantAccountsModule } from '../merchants/merchant-accounts.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { PublicApiController } from './public-api.controller.js';
import { PublicApiRepository } from './public-api.repository.js';
import { PublicApiService } from './public-api.service.js';
import { CreateDeliveryUseCase } from './use-cases/create-delivery.use-case.js';

/** The public API, version 1 (issue 40): merchants order, follow and cancel deliveries with an API key. */
@Module({
  imports: [MerchantAccountsModule, OrderDeskModule, CoursesModule, PaymentsModule],
  controllers: [PublicApiController],
  providers: [PublicApiService, PublicApiRepository, CreateDeliveryUseCase],
})
export class PublicApiModule {}
