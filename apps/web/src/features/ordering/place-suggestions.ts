import type { NearestPlaceResponse, PlaceSuggestionDto, PlaceSuggestionSource } from '@coursa/contracts';
import { distanceText } from '@coursa/domain';
import type { PointFields } from './course-form';

/** Where each suggestion comes from, as the list says it. */
export const SUGGESTION_SOURCES: Record<PlaceSuggestionSource, string> = {
  saved: 'Mes adresses',
  past: 'Déjà utilisée',
  book: 'Lieu connu',
};

export const SUGGESTION_MESSAGES = {
  none: 'Aucune adresse connue : touchez la carte pour placer le point.',
  failed: 'Suggestions indisponibles : touchez la carte pour placer le point.',
} as const;

/** One line of the list: « Maison — Carrefour Bambéto », then where it comes from and how far (« Lieu connu · 350 m »). */
export function suggestionLines(suggestion: PlaceSuggestionDto): { title: string; detail: string } {
  const title = suggestion.label ? `${suggestion.label} — ${suggestion.address}` : suggestion.address;
  const far = suggestion.distance_m === null ? '' : ` · ${distanceText(suggestion.distance_m / 1000)}`;
  return { title, detail: `${SUGGESTION_SOURCES[suggestion.source]}${far}` };
}

const coordinate = (value: number) => String(value);

/**
 * A suggestion chosen for a point: its text, its spot, its instructions when it has some (hers, or the usual ones of a
 * known place; otherwise what she typed stays), and the book's place for the courier; the contact typed stays.
 */
export function pointFromSuggestion(current: PointFields, suggestion: PlaceSuggestionDto): PointFields {
  return {
    ...current,
    address: suggestion.address,
    latitude: coordinate(suggestion.latitude),
    longitude: coordinate(suggestion.longitude),
    instructions: suggestion.instructions ?? current.instructions,
    placeId: suggestion.place_id,
  };
}

/** The known place near a spot picked on the map, taken as the point's name (its spot stays where she tapped). */
export function pointFromNearestPlace(current: PointFields, place: NonNullable<NearestPlaceResponse['place']>): PointFields {
  return { ...current, address: place.name, instructions: current.instructions || (place.instructions ?? ''), placeId: place.id };
}

/** Where the nearest suggestions are looked for: this point once placed, else the other one, else nowhere in particular. */
export function searchOrigin(...points: ({ latitude: number; longitude: number } | null)[]): { lat: string; lng: string } | null {
  const origin = points.find((point) => point !== null);
  return origin ? { lat: origin.latitude.toFixed(5), lng: origin.longitude.toFixed(5) } : null;
}
