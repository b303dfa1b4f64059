import type { z } from 'zod';
import type { SavedPlaceDtoSchema, SavePlaceSchema } from './schemas/saved-places.js';

/** « Mes adresses »: a place the client saves or edits (the whole place each time). */
export type SavePlaceRequest = z.input<typeof SavePlaceSchema>;
/** One of the client's saved places, as the order form offers it. */
export type SavedPlaceDto = z.infer<typeof SavedPlaceDtoSchema>;
export interface SavedPlaceSavedResponse {
  message: string;
  place: SavedPlaceDto;
}
