import { formatNumber } from '@/lib/format';

/** Spec §5: the payment confirmation, amount and name filled in at runtime. */
export const paymentConfirmation = (amount: number, name: string) =>
  `Confirmer le paiement de ${formatNumber(amount)} GNF à ${name} ?`;

export const MONEY_ERRORS = {
  payment: 'Erreur lors du traitement du paiement',
  request: 'Erreur lors du traitement',
} as const;

export const REQUEST_HANDLED = {
  approve: 'Demande approuvée avec succès',
  reject: 'Demande rejetée avec succès',
} as const;
