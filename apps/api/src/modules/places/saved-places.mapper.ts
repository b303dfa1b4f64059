import type { SavedPlaceDto } from '@coursa/contracts';
import { savedPlaceLabelKey } from '@coursa/domain';
import type { SavePlaceInput } from '@coursa/contracts/schemas';
import type { SavedPlace } from '../../generated/prisma/client.js';
import type { SavedPlaceFields } from './saved-places.repository.js';

export function toSavedPlaceDto(place: SavedPlace): SavedPlaceDto {
  return {
    id: place.id,
    label: place.label,
    address: place.address,
    latitude: place.latitude,
    longitude: place.longitude,
    instructions: place.instructions,
    created_at: place.createdAt.toISOString(),
    updated_at: place.updatedAt.toISOString(),
  };
}

/** The row's fields from a validated request: the label as typed (spaces tidied), its key for the unique check. */
export function savedPlaceFields(input: SavePlaceInput): SavedPlaceFields {
  const label = input.label.trim().replace(/\s+/g, ' ');
  return {
    label,
    labelKey: savedPlaceLabelKey(label),
    address: input.address,
    latitude: input.latitude,
    longitude: input.longitude,
    instructions: input.instructions,
  };
}
