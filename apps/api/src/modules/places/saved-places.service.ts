import { Injectable } from '@nestjs/common';
import type { MessageResponse, SavedPlaceDto } from '@coursa/contracts';
import { SavedPlaceErrors } from './saved-places.errors.js';
import { toSavedPlaceDto } from './saved-places.mapper.js';
import { SavedPlacesRepository } from './saved-places.repository.js';

/** « Mes adresses »: the client's list, and the removal of one of hers. */
@Injectable()
export class SavedPlacesService {
  constructor(private readonly places: SavedPlacesRepository) {}

  async list(clientId: string): Promise<{ places: SavedPlaceDto[]; next_cursor: null; total: number }> {
    const places = (await this.places.ofClient(clientId)).map(toSavedPlaceDto);
    // At most SAVED_PLACES_MAX: one page holds them all.
    return { places, next_cursor: null, total: places.length };
  }

  async remove(clientId: string, id: string): Promise<MessageResponse> {
    if (!(await this.places.removeOwn(clientId, id))) throw SavedPlaceErrors.notFound();
    return { message: 'Adresse supprimée.' };
  }
}
