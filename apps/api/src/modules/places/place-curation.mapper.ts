import type { AdminPlaceDto } from '@coursa/contracts';
import { placeSuggestible } from '@coursa/domain';
import type { CuratedPlace } from './place-curation.repository.js';

/** A place of the book as the back office reads it; `suggested` by libs/domain placeSuggestible and PLACE_MIN_CLIENTS. */
export function toAdminPlaceDto(place: CuratedPlace, minClients: number): AdminPlaceDto {
  return {
    id: place.id,
    name: place.name,
    latitude: place.latitude,
    longitude: place.longitude,
    instructions: place.instructions,
    observation_count: place.observationCount,
    distinct_clients: place.distinctClients,
    spread_m: place.spreadM,
    hidden: place.hidden,
    suggested: placeSuggestible(place, minClients),
    name_by_staff: place.nameByStaff,
    point_by_staff: place.pointByStaff,
    updated_at: place.updatedAt.toISOString(),
  };
}

/** What staff can change on a place, for the audit's before and after. */
export function curatedFields(place: CuratedPlace) {
  return {
    name: place.name,
    latitude: place.latitude,
    longitude: place.longitude,
    instructions: place.instructions,
    hidden: place.hidden,
    name_by_staff: place.nameByStaff,
    point_by_staff: place.pointByStaff,
    kept_together: place.keptTogether,
    observation_count: place.observationCount,
    distinct_clients: place.distinctClients,
    spread_m: place.spreadM,
  };
}
