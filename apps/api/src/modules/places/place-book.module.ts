import { Module } from '@nestjs/common';
import { PlaceBookEvents } from './place-book.events.js';
import { PlaceBookProcessor } from './place-book.processor.js';
import { PlaceBookRepository } from './place-book.repository.js';
import { PlaceBookScheduler } from './place-book.scheduler.js';
import { PlaceBook } from './place-book.service.js';
import { GroupPlacesUseCase } from './use-cases/group-places.use-case.js';
import { ObserveDeliveryUseCase } from './use-cases/observe-delivery.use-case.js';

/**
 * Worker side of the place book learned from deliveries (issue 39): observations of delivered courses, grouped into
 * places on a schedule. Search and staff curation (later) read its tables through PlaceBookRepository.
 */
@Module({
  providers: [PlaceBookRepository, PlaceBook, ObserveDeliveryUseCase, GroupPlacesUseCase, PlaceBookProcessor, PlaceBookEvents, PlaceBookScheduler],
  exports: [PlaceBookProcessor, PlaceBookEvents, PlaceBookRepository, PlaceBook],
})
export class PlaceBookModule {}
