import { Inject, Injectable } from '@nestjs/common';
import type { NearestPlaceResponse, PlaceSuggestionsResponse } from '@coursa/contracts';
import type { NearestPlaceQueryInput, PlaceSuggestionsQueryInput } from '@coursa/contracts/schemas';
import { flatKm, KM_PER_DEGREE, PLACE_RULES, placeSuggestible, type PlacePoint } from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import type { SqlTx } from '../../common/prisma/transaction.js';
import { bookSuggestion, ownSuggestion } from './place-search.mapper.js';
import { PlaceSearchRepository } from './place-search.repository.js';

/**
 * Search as you type on the order form's « Adresse » fields, the nearest known place to a spot on the map, and the
 * places an order may name (issue 39). Her own addresses stay hers; the book's places say nothing of who was there.
 */
@Injectable()
export class PlaceSearchService {
  constructor(
    private readonly places: PlaceSearchRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PLACE_MIN_CLIENTS'>,
  ) {}

  /**
   * At most PLACE_RULES.maxSuggestions: her saved places first, then her past courses' addresses (newest first, none
   * that repeats a saved one's), then the book's suggestible places, nearest to where she is first when she said.
   */
  async suggestions(clientId: string, query: PlaceSuggestionsQueryInput): Promise<PlaceSuggestionsResponse> {
    const max = PLACE_RULES.maxSuggestions;
    const from = query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : null;
    const [saved, past, book] = await Promise.all([
      this.places.savedMatching(clientId, query.q, max),
      this.places.pastMatching(clientId, query.q, max),
      this.places.bookMatching(query.q, from, this.config.PLACE_MIN_CLIENTS, max),
    ]);
    const savedTexts = new Set(saved.map((place) => place.folded));
    const suggestions = [
      ...saved.map((place) => ownSuggestion('saved', place, from)),
      ...past.filter((address) => !savedTexts.has(address.folded)).map((address) => ownSuggestion('past', address, from)),
      ...book.map((place) => bookSuggestion(place, from)),
    ];
    return { suggestions: suggestions.slice(0, max) };
  }

  /** The suggestible place nearest to a spot, within PLACE_RULES.nearestM (a box on the index, then the distance as flatKm measures it). */
  async nearest(query: NearestPlaceQueryInput): Promise<NearestPlaceResponse> {
    const at: PlacePoint = { latitude: query.lat, longitude: query.lng };
    const candidates = await this.places.bookInBox(at, PLACE_RULES.nearestM / (KM_PER_DEGREE * 1000), this.config.PLACE_MIN_CLIENTS);
    const [nearest] = candidates
      .map((place) => ({ place, metres: flatKm(at, place) * 1000 }))
      .filter(({ metres }) => metres <= PLACE_RULES.nearestM)
      .sort((a, b) => a.metres - b.metres || (a.place.id < b.place.id ? -1 : 1));
    if (!nearest) return { place: null };
    const { id, name, latitude, longitude, instructions } = nearest.place;
    return { place: { id, name, latitude, longitude, instructions, distance_m: Math.round(nearest.metres) } };
  }

  /**
   * Which of the places an order names it keeps (issue 39): those that exist and may be suggested; a guessed or hidden
   * one is dropped without a word (it only adds a name for the courier). Inside the order's transaction, the places
   * kept stay until the course referring to them is written.
   */
  async chosenPlaces(tx: SqlTx, ids: readonly (string | null | undefined)[]): Promise<Set<string>> {
    const wanted = [...new Set(ids.flatMap((id) => (id ? [id.toLowerCase()] : [])))];
    const found = await this.places.lockPlaces(tx, wanted);
    return new Set(found.filter((place) => placeSuggestible(place, this.config.PLACE_MIN_CLIENTS)).map((place) => place.id));
  }
}
