import type { z } from 'zod';
import type { EditPlaceSchema, MergePlaceSchema } from './schemas/places.js';

/** Where a suggestion comes from: her « Mes adresses », her past courses, or the place book learned from deliveries. */
export type PlaceSuggestionSource = 'saved' | 'past' | 'book';

/**
 * One suggestion under an « Adresse » field (issue 39): choosing it fills the text, the point and the instructions.
 * A place of the book never says who was delivered there: no client, no phone, no instructions typed by a client.
 */
export interface PlaceSuggestionDto {
  source: PlaceSuggestionSource;
  /** The book's place (source « book »): sent back with the order as `place_id`, for its name on the courier's screen. */
  place_id: string | null;
  /** Her name for it (« Maison »), for a saved one; null otherwise. */
  label: string | null;
  address: string;
  latitude: number;
  longitude: number;
  /** Her own instructions (saved or past), or the usual ones staff wrote for a book place. */
  instructions: string | null;
  /** From where she is (when she said), metres, rounded; null otherwise. */
  distance_m: number | null;
}

export interface PlaceSuggestionsResponse {
  suggestions: PlaceSuggestionDto[];
}

/** The known place nearest to a spot picked on the map (within PLACE_NEAREST_M), or null. */
export interface NearestPlaceResponse {
  place: { id: string; name: string; latitude: number; longitude: number; instructions: string | null; distance_m: number } | null;
}

/** A place of the book in the back office (issue 39): how often and by how many it was seen, how spread its points are. */
export interface AdminPlaceDto {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  instructions: string | null;
  observation_count: number;
  distinct_clients: number;
  /** The farthest observation from the place's point, metres. */
  spread_m: number;
  hidden: boolean;
  /** Whether clients are offered it: seen by PLACE_MIN_CLIENTS different clients and not hidden. */
  suggested: boolean;
  name_by_staff: boolean;
  point_by_staff: boolean;
  updated_at: string;
}

export type EditPlaceRequest = z.input<typeof EditPlaceSchema>;
export type MergePlaceRequest = z.input<typeof MergePlaceSchema>;

export interface PlaceSavedResponse {
  message: string;
  place: AdminPlaceDto;
}
