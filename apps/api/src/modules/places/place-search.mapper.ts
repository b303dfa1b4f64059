import type { PlaceSuggestionDto, PlaceSuggestionSource } from '@coursa/contracts';
import { flatKm, type PlacePoint } from '@coursa/domain';
import type { BookPlaceMatch, OwnAddressMatch } from './place-search.repository.js';

/** Metres from where she is, rounded; null when she did not say. */
export const metresFrom = (from: PlacePoint | null, to: PlacePoint): number | null => (from ? Math.round(flatKm(from, to) * 1000) : null);

/** One of her own addresses as suggested: her text, point and instructions, and her label for a saved one. */
export function ownSuggestion(source: Exclude<PlaceSuggestionSource, 'book'>, match: OwnAddressMatch, from: PlacePoint | null): PlaceSuggestionDto {
  return {
    source,
    place_id: null,
    label: source === 'saved' ? match.label : null,
    address: match.address,
    latitude: match.latitude,
    longitude: match.longitude,
    instructions: match.instructions,
    distance_m: metresFrom(from, match),
  };
}

/** A place of the book as suggested: its name as the address, staff's instructions only; nothing of any client. */
export function bookSuggestion(place: BookPlaceMatch, from: PlacePoint | null): PlaceSuggestionDto {
  return {
    source: 'book',
    place_id: place.id,
    label: null,
    address: place.name,
    latitude: place.latitude,
    longitude: place.longitude,
    instructions: place.instructions,
    distance_m: metresFrom(from, place),
  };
}
