import { Module } from '@nestjs/common';
import { SavedPlacesController } from './saved-places.controller.js';
import { SavedPlacesRepository } from './saved-places.repository.js';
import { SavedPlacesService } from './saved-places.service.js';
import { EditSavedPlaceUseCase } from './use-cases/edit-saved-place.use-case.js';
import { SavePlaceUseCase } from './use-cases/save-place.use-case.js';

/** « Mes adresses » (issue 39): a client's saved places. */
@Module({ controllers: [SavedPlacesController], providers: [SavedPlacesService, SavedPlacesRepository, SavePlaceUseCase, EditSavedPlaceUseCase] })
export class SavedPlacesModule {}
