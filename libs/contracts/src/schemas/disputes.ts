import { DISPUTE_TYPES } from '@coursa/domain';
import { z } from 'zod';
import { optionalText, requiredText } from './fields.js';

export const CreateDisputeSchema = z
  .object({
    course_id: z.uuid({ error: 'Identifiant de course invalide.' }),
    /** The short summary. */
    reason: requiredText(200, 'Le résumé du problème est obligatoire.'),
    description: optionalText(2000),
    /** delivery_issue when left out. */
    dispute_type: z.enum(DISPUTE_TYPES, { error: 'Type de réclamation inconnu.' }).default('delivery_issue'),
  })
  .strict();
export type CreateDisputeInput = z.output<typeof CreateDisputeSchema>;
