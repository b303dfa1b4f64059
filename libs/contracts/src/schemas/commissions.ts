import { isIsoWeek } from '@coursa/domain';
import { z } from 'zod';

export const PaymentRequestSchema = z
  .object({
    /** Whole GNF, above 0. */
    amount: z
      .number({ error: 'Le montant doit être un nombre.' })
      .int({ error: 'Le montant doit être un nombre entier de GNF.' })
      .positive({ error: 'Le montant doit être supérieur à 0 GNF.' }),
    reason: z.literal('early_payment', { error: 'Motif de demande inconnu : early_payment attendu.' }),
  })
  .strict();
export type PaymentRequestInput = z.output<typeof PaymentRequestSchema>;

/** An ISO week such as 2026-W20, refused in French otherwise. */
export const IsoWeekSchema = z.string().refine(isIsoWeek, { error: 'Semaine invalide : format AAAA-Wnn, par exemple 2026-W20.' });

export const WeeklyRunSchema = z.object({ iso_week: IsoWeekSchema.optional() }).strict();
export type WeeklyRunInput = z.output<typeof WeeklyRunSchema>;
