import { BASE_PRICE_GNF } from '@coursa/domain';
import { z } from 'zod';
import { optionalText, requiredText } from './fields.js';
import { CourseOrderSchema } from './courses.js';

const MAX_AMOUNT_GNF = 50_000_000;

const common = {
  /** The course price in GNF (card payments are charged in USD at the configured rate). */
  amount: z
    .number({ error: 'Le montant doit être un nombre.' })
    .int({ error: 'Le montant doit être un nombre entier de GNF.' })
    .min(BASE_PRICE_GNF, { error: `Le montant minimum est de ${BASE_PRICE_GNF} GNF.` })
    .max(MAX_AMOUNT_GNF, { error: 'Montant trop élevé.' }),
  customer_email: z.union([z.email({ error: 'Adresse email invalide.' }), z.literal(''), z.null()]).optional(),
  customer_name: requiredText(100, 'Le nom du client est obligatoire.'),
  phone_number: optionalText(40),
  /** COURSE_ followed by a timestamp, unique. */
  order_id: z.string().regex(/^COURSE_\d{10,16}$/, { error: 'Référence de commande invalide (COURSE_ suivi d’un horodatage).' }),
  description: optionalText(200),
  /**
   * The course this payment pays for, stored with the payment: once the provider confirms it, the course is created
   * by the server whether or not the browser comes back. Its price (after any promo) must equal `amount`.
   */
  course: CourseOrderSchema.optional(),
};

export const PaycardPaymentSchema = z
  .object({ ...common, auto_redirect: z.boolean().optional(), jump_to_om: z.boolean().optional() })
  .strict();
export type PaycardPaymentInput = z.output<typeof PaycardPaymentSchema>;

export const MobileMoneyPaymentSchema = z
  .object({
    ...common,
    currency: z.literal('GNF', { error: 'La devise doit être GNF.' }),
    payment_method: z.enum(['orange_money', 'mtn_momo'], { error: 'Moyen de paiement inconnu : orange_money ou mtn_momo.' }),
    phone_number: requiredText(40, 'Le numéro de téléphone est obligatoire.'),
  })
  .strict();
export type MobileMoneyPaymentInput = z.output<typeof MobileMoneyPaymentSchema>;

export const CardPaymentSchema = z
  .object({
    ...common,
    currency: z.literal('USD', { error: 'La devise doit être USD.' }),
    // Validation messages never repeat the card number or the CVV.
    card_number: z.string().transform((value) => value.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\d{12,19}$/, { error: 'Numéro de carte invalide.' })),
    cvv: z.string().regex(/^\d{3,4}$/, { error: 'Code CVV invalide (3 ou 4 chiffres).' }),
    expiry_month: z.string().regex(/^(0[1-9]|1[0-2])$/, { error: "Mois d'expiration invalide (01 à 12)." }),
    expiry_year: z.string().regex(/^\d{4}$/, { error: "Année d'expiration invalide." }),
  })
  .strict();
export type CardPaymentInput = z.output<typeof CardPaymentSchema>;

export const CashDepositSchema = z
  .object({
    payment_method: z.enum(['orange_money', 'mtn_momo'], { error: 'Moyen de paiement inconnu : orange_money ou mtn_momo.' }),
    phone_number: requiredText(40, 'Le numéro de téléphone est obligatoire.'),
    /** Whole GNF, at most the cash owed. */
    amount: z.number({ error: 'Le montant est obligatoire.' }).int({ error: 'Le montant est un nombre entier de GNF.' }).positive({ error: 'Le montant doit être positif.' }).max(1_000_000_000),
  })
  .strict();
export type CashDepositInput = z.output<typeof CashDepositSchema>;

/** The browser's return from PayCard's page. */
export const PaycardReturnSchema = z.object({ 'paycard-operation-reference': z.string().max(100).optional() }).loose();
export type PaycardReturnInput = z.output<typeof PaycardReturnSchema>;
/** Orange Money's notification of a payment's outcome. */
export const OrangeMoneyNoticeSchema = z.object({ status: z.string().max(20), notif_token: z.string().min(1).max(200), txnid: z.string().max(100).optional() }).loose();
export type OrangeMoneyNoticeInput = z.output<typeof OrangeMoneyNoticeSchema>;
/** MTN MoMo's notification of a payment's outcome. */
export const MtnMomoNoticeSchema = z.object({ externalId: z.string().min(1).max(100), status: z.string().max(20).optional() }).loose();
export type MtnMomoNoticeInput = z.output<typeof MtnMomoNoticeSchema>;
/** The sandbox's hosted page: the tester's choice. */
export const SandboxOutcomeSchema = z.object({ outcome: z.enum(['success', 'failure']) }).strict();
export type SandboxOutcomeInput = z.output<typeof SandboxOutcomeSchema>;
