import { z } from 'zod';

export const ProcessPaymentSchema = z
  .object({
    deliverer_id: z.uuid({ error: 'Identifiant de livreur invalide.' }),
    commission_ids: z
      .array(z.uuid({ error: 'Identifiant de commission invalide.' }), { error: 'La liste des commissions est obligatoire.' })
      .min(1, { error: 'Choisissez au moins une commission à payer.' })
      .max(1000),
    payment_method: z.literal('mobile_money', { error: 'Mode de paiement inconnu : mobile_money attendu.' }),
    phone: z.string({ error: 'Le numéro de téléphone est obligatoire.' }).max(30),
  })
  .strict();
export type ProcessPaymentInput = z.output<typeof ProcessPaymentSchema>;
