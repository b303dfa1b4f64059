import { Module } from '@nestjs/common';
import { PlaceBookRepository } from './place-book.repository.js';
import { PlaceCurationController } from './place-curation.controller.js';
import { PlaceCurationRepository } from './place-curation.repository.js';
import { PlaceCurationService } from './place-curation.service.js';
import { EditPlaceUseCase } from './use-cases/edit-place.use-case.js';
import { MergePlacesUseCase } from './use-cases/merge-places.use-case.js';

/**
 * The API side of staff's curation of the place book (issue 39): list, rename, move, hide, merge. The grouping's lock
 * comes from PlaceBookRepository (the worker's PlaceBookModule also schedules jobs, which the API process does not).
 */
@Module({
  controllers: [PlaceCurationController],
  providers: [PlaceCurationService, PlaceCurationRepository, PlaceBookRepository, EditPlaceUseCase, MergePlacesUseCase],
})
export class PlaceCurationModule {}
