import { z } from 'zod';

export const ProcessPaymentSchema = z
  .object({
    deliverer_id: z.uuid({ error: 'Identifiant de livreur invalide.' }),
    /** Pending commissions of that courier, paid together in one transfer. */
    commission_ids: z
      .array(z.uuid({ error: 'Identifiant de commission invalide.' }), { error: 'La liste des commissions est obligatoire.' })
      .min(1, { error: 'Choisissez au moins une commission à payer.' })
      .max(1000),
    payment_method: z.literal('mobile_money', { error: 'Mode de paiement inconnu : mobile_money attendu.' }),
    /** The MTN MoMo wallet (66X) the money goes to. */
    phone: z.string({ error: 'Le numéro de téléphone est obligatoire.' }).max(30),
  })
  .strict();
export type ProcessPaymentInput = z.output<typeof ProcessPaymentSchema>;

const gnf = (field: string) =>
  z.number({ error: `${field} est obligatoire.` }).int({ error: `${field} est un nombre entier de GNF.` }).min(-1_000_000_000).max(1_000_000_000);

export const OfficeDepositSchema = z
  .object({
    amount: gnf('Le montant').refine((amount) => amount > 0, { error: 'Le montant doit être positif.' }),
    note: z.string().trim().max(500, { error: 'La note fait 500 caractères au plus.' }).nullish().transform((note) => note || null),
  })
  .strict();
export type OfficeDepositInput = z.output<typeof OfficeDepositSchema>;

export const LedgerAdjustmentSchema = z
  .object({
    account: z.enum(['earnings', 'cash'], { error: 'Compte inconnu : earnings ou cash.' }),
    /** Signed GNF, not 0. */
    amount: gnf('Le montant').refine((amount) => amount !== 0, { error: 'Le montant ne peut pas être nul.' }),
    reason: z.string({ error: 'La raison est obligatoire.' }).trim().min(3, { error: 'Donnez la raison de la correction.' }).max(500),
  })
  .strict();
export type LedgerAdjustmentInput = z.output<typeof LedgerAdjustmentSchema>;
