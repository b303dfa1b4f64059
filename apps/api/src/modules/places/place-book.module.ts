import { Module } from '@nestjs/common';
import { PlaceBookEvents } from './place-book.events.js';
import { PlaceBookProcessor } from './place-book.processor.js';
import { PlaceBookRepository } from './place-book.repository.js';
import { PlaceBookScheduler } from './place-book.scheduler.js';
import { PlaceBook } from './place-book.service.js';

/**
 * Worker side of the place book learned from deliveries (issue 39): observations of delivered courses, grouped into
 * places on a schedule. Search and staff curation (later) read its tables through PlaceBookRepository.
 */
@Module({
  providers: [PlaceBookRepository, PlaceBook, PlaceBookProcessor, PlaceBookEvents, PlaceBookScheduler],
  exports: [PlaceBookProcessor, PlaceBookEvents, PlaceBookRepository],
})
export class PlaceBookModule {}
