/** How a client paid, as staff read it. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  paycard: 'PayCard',
  orange_money: 'Orange Money',
  mtn_momo: 'MTN MoMo',
  card: 'Carte bancaire',
  cash_on_delivery: 'Espèces',
  monthly_statement: 'Relevé mensuel',
};

/**
 * Why a client's payment did not go through, in French, from its status and the reason we recorded
 * (`provider_failed:<provider's reason>`, `no_final_status_in_24h`, `order_unfulfillable: <why>`…); null while it is
 * pending or went through with its course.
 */
export function paymentFailureMessage(status: string, failureReason: string | null): string | null {
  const reason = failureReason ?? '';
  if (reason.startsWith('order_unfulfillable')) {
    const why = reason.slice('order_unfulfillable:'.length).trim();
    return `Paiement reçu, mais la course n'a pas pu être créée${why ? ` (${why.replace(/\.$/, '')})` : ''}. Vous serez remboursé.`;
  }
  if (status === 'expired') return "La demande de paiement a expiré sans confirmation. Aucun montant n'a été débité.";
  if (status !== 'failed') return null;
  const provider = reason.startsWith('provider_failed:') ? reason.slice('provider_failed:'.length) : '';
  return PROVIDER_REASONS[provider] ?? (reason === 'card_declined' ? 'Carte refusée.' : reason === 'amount_mismatch' ? 'Le montant payé ne correspond pas au prix de la course.' : "Le paiement n'a pas abouti. Aucun montant n'a été débité.");
}

/** MTN MoMo's reasons for a request to pay that failed. */
const PROVIDER_REASONS: Record<string, string> = {
  APPROVAL_REJECTED: "Paiement refusé sur le téléphone. Aucun montant n'a été débité.",
  EXPIRED: "La demande de paiement a expiré sur le téléphone sans être confirmée. Aucun montant n'a été débité.",
  NOT_ENOUGH_FUNDS: 'Solde insuffisant sur le compte Mobile Money.',
  PAYER_LIMIT_REACHED: 'Plafond du compte Mobile Money atteint.',
  PAYER_NOT_FOUND: "Ce numéro n'a pas de compte Mobile Money actif.",
  NOT_ALLOWED: "Ce paiement n'est pas autorisé par l'opérateur.",
};
