import { z } from 'zod';
import { optionalText } from './fields.js';

const OUT_OF_RANGE = 'La note doit être un nombre entier de 1 à 5.';

export const CreateRatingSchema = z
  .object({
    course_id: z.uuid({ error: 'Identifiant de course invalide.' }),
    /** An integer from 1 to 5; 5 when left out. */
    rating: z.int({ error: OUT_OF_RANGE }).min(1, { error: OUT_OF_RANGE }).max(5, { error: OUT_OF_RANGE }).default(5),
    comment: optionalText(1000),
  })
  .strict();
export type CreateRatingInput = z.output<typeof CreateRatingSchema>;
