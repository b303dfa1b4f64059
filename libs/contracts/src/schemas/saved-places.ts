import { SAVED_PLACE_LABEL_MAX } from '@coursa/domain';
import { z } from 'zod';
import { latitude, longitude } from './courses.js';
import { optionalText, requiredText } from './fields.js';

/** A point at 0 is a point nobody placed (the order form's empty map): refused rather than saved in the ocean. */
const placed = (schema: typeof latitude | typeof longitude, message: string) => schema.refine((value) => value !== 0, { error: message });
const LABEL_MISSING = 'Le nom de l’adresse est obligatoire (par exemple « Maison »).';
const POINT_MISSING = 'Placez le point sur la carte avant de l’enregistrer.';

/** « Mes adresses » (issue 39): a place a client names and keeps, with the same fields as a course's point. */
export const SavePlaceSchema = z
  .object({
    label: z
      .string({ error: LABEL_MISSING })
      .trim()
      .min(1, { error: LABEL_MISSING })
      .max(SAVED_PLACE_LABEL_MAX, { error: `Le nom de l’adresse fait au plus ${SAVED_PLACE_LABEL_MAX} caractères.` }),
    address: requiredText(300, 'L’adresse est obligatoire.'),
    latitude: placed(latitude, POINT_MISSING),
    longitude: placed(longitude, POINT_MISSING),
    instructions: optionalText(500),
  })
  .strict();
export type SavePlaceInput = z.output<typeof SavePlaceSchema>;

export const SavedPlaceDtoSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  instructions: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
