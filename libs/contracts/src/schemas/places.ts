import { PLACE_SEARCH_LENGTH } from '@coursa/domain';
import { z } from 'zod';
import { latitude, longitude } from './courses.js';
import { optionalFilter, optionalText, pageFields, searchField } from './fields.js';

/** A coordinate in a query string (`?lat=9.59`): plain decimal digits, then the bounds of a course's point. */
const coordinateParam = (schema: typeof latitude | typeof longitude, message: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string({ error: message })
      .regex(/^-?\d{1,3}(\.\d{1,20})?$/, { error: message })
      .transform(Number)
      .pipe(schema),
  );
const LAT_MESSAGE = 'Le paramètre « lat » doit être une latitude (par exemple 9.5917).';
const LNG_MESSAGE = 'Le paramètre « lng » doit être une longitude (par exemple -13.6236).';

const SEARCH_TOO_SHORT = `Tapez au moins ${PLACE_SEARCH_LENGTH.min} caractères.`;

/**
 * Search as you type on the order form's « Adresse » fields (issue 39): the text typed, and where the client is (her
 * GPS, or the map's centre) to put the nearest places first; both coordinates or neither.
 */
export const PlaceSuggestionsQuery = z
  .object({
    q: z
      .string({ error: SEARCH_TOO_SHORT })
      .trim()
      .min(PLACE_SEARCH_LENGTH.min, { error: SEARCH_TOO_SHORT })
      .max(PLACE_SEARCH_LENGTH.max, { error: `La recherche fait au plus ${PLACE_SEARCH_LENGTH.max} caractères.` })
      .meta({ example: 'bambeto', description: 'Le texte tapé, sans tenir compte des accents ni des petites fautes.' }),
    lat: coordinateParam(latitude, LAT_MESSAGE).optional(),
    lng: coordinateParam(longitude, LNG_MESSAGE).optional(),
  })
  .loose()
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), { error: 'Donnez « lat » et « lng » ensemble, ou aucun des deux.', path: ['lat'] });
export type PlaceSuggestionsQueryInput = z.output<typeof PlaceSuggestionsQuery>;

/** A spot picked on the map: the nearest known place's name is offered (issue 39). */
export const NearestPlaceQuery = z.object({ lat: coordinateParam(latitude, LAT_MESSAGE), lng: coordinateParam(longitude, LNG_MESSAGE) }).loose();
export type NearestPlaceQueryInput = z.output<typeof NearestPlaceQuery>;

/** The back office's list of the place book (issue 39): a search on the name, hidden ones or not, paged. */
export const AdminPlacesQuery = z
  .object({
    q: searchField('bambeto', 'Recherche sur le nom du lieu, sans tenir compte des accents.'),
    hidden: optionalFilter(z.enum(['true', 'false'], { error: 'hidden vaut true ou false.' }).transform((value) => value === 'true')),
    ...pageFields(),
  })
  .loose();
export type AdminPlacesQueryInput = z.output<typeof AdminPlacesQuery>;

const PLACE_NAME_MISSING = 'Le nom du lieu est obligatoire.';

/** Staff curate a place (issue 39): rename, move, write its usual instructions, hide or show; at least one change. */
export const EditPlaceSchema = z
  .object({
    name: z.string({ error: PLACE_NAME_MISSING }).trim().min(1, { error: PLACE_NAME_MISSING }).max(120, { error: 'Le nom du lieu fait au plus 120 caractères.' }).optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    instructions: optionalText(500).optional(),
    hidden: z.boolean({ error: 'hidden vaut true ou false.' }).optional(),
  })
  .strict()
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), { error: 'Rien à modifier.' })
  .refine((edit) => (edit.latitude === undefined) === (edit.longitude === undefined), { error: 'Donnez la latitude et la longitude ensemble.', path: ['latitude'] });
export type EditPlaceInput = z.output<typeof EditPlaceSchema>;

/** Staff merge a place into another (issue 39): its observations and courses go to `into_id`, and it goes. */
export const MergePlaceSchema = z.object({ into_id: z.uuid({ error: 'into_id doit être l’identifiant d’un lieu.' }) }).strict();
export type MergePlaceInput = z.output<typeof MergePlaceSchema>;
