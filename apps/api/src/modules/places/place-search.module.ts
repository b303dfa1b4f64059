import { Module } from '@nestjs/common';
import { PlaceSearchController } from './place-search.controller.js';
import { PlaceSearchRepository } from './place-search.repository.js';
import { PlaceSearchService } from './place-search.service.js';

/**
 * Search as you type and the nearest known place (issue 39); exports the check of the places an order names, for the
 * order desk (API and worker).
 */
@Module({ controllers: [PlaceSearchController], providers: [PlaceSearchService, PlaceSearchRepository], exports: [PlaceSearchService] })
export class PlaceSearchModule {}
