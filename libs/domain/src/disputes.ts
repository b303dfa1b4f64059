/** Claims (spec §5 "Dispute"): their types and the statuses staff move them through, with French labels. */

export const DISPUTE_TYPES = ['delivery_issue', 'payment_issue', 'damage', 'other'] as const;
export type DisputeType = (typeof DISPUTE_TYPES)[number];

export const DISPUTE_TYPE_LABELS: Record<DisputeType, string> = {
  delivery_issue: 'Problème de livraison',
  payment_issue: 'Problème de paiement',
  damage: 'Colis endommagé',
  other: 'Autre',
};

export const CASE_STATUSES = ['open', 'in_review', 'resolved', 'rejected'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  open: 'Ouverte',
  in_review: "En cours d'examen",
  resolved: 'Résolue',
  rejected: 'Rejetée',
};
