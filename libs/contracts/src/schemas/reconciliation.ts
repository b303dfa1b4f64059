import { z } from 'zod';
import { optionalText, requiredText } from './fields.js';

/** « Marquer comme payé hors Coursa » (issue 34): how staff paid, the payment's reference, and a note. */
export const MarkPaidOutsideSchema = z
  .object({
    method: z.enum(['cash', 'bank_transfer', 'orange_money', 'mtn_momo', 'other'], {
      error: 'Moyen de paiement inconnu : cash, bank_transfer, orange_money, mtn_momo ou other.',
    }),
    /** The receipt's or the operator's reference of the payment made. */
    reference: requiredText(100, 'La référence du paiement est obligatoire (reçu, numéro de transaction).'),
    note: optionalText(500),
  })
  .strict();
export type MarkPaidOutsideInput = z.output<typeof MarkPaidOutsideSchema>;
