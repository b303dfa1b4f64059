/**
 * Every action the audit log records (audit_logs.action), typed once for the API that writes them and the back
 * office that shows them.
 */
export const AUDIT_ACTIONS = [
  'login',
  'password_changed',
  'password_reset',
  'user_created',
  'user_enabled',
  'user_disabled',
  'user_deleted',
  'admin_created',
  'super_admin_migration',
  'file_uploaded',
  'course_created',
  'course_accepted',
  'course_status_changed',
  'course_delivered',
  'course_cancelled',
  'course_courier_changed',
  'course_handed_back',
  'incident_reported',
  'otp_regenerated',
  'course_rated',
  'dispute_created',
  'dispute_updated',
  'support_request_updated',
  'payment_requested',
  'payment_request_approved',
  'payment_request_rejected',
  'commission_run_requested',
  'commission_payment_started',
  'commission_payment_completed',
  'commission_payment_failed',
  'cash_deposit_recorded',
  'ledger_adjusted',
  'refund_sent',
  'refund_opened',
  'refund_completed',
  'refund_failed',
  'delivery_flagged',
  'position_flagged',
  'password_reset_by_staff',
  'courier_file_updated',
  'place_updated',
  'place_merged',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The audit screen's French wording of each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  login: 'Connexion',
  password_changed: 'Mot de passe modifié',
  password_reset: 'Mot de passe réinitialisé',
  user_created: 'Utilisateur créé',
  user_enabled: 'Utilisateur activé',
  user_disabled: 'Utilisateur désactivé',
  user_deleted: 'Utilisateur supprimé',
  admin_created: 'Administrateur créé',
  super_admin_migration: 'Migration vers Super Administrateur',
  file_uploaded: 'Fichier envoyé',
  course_created: 'Course créée',
  course_accepted: 'Course acceptée',
  course_status_changed: 'Statut de course modifié',
  course_delivered: 'Course livrée',
  course_cancelled: 'Course annulée',
  course_courier_changed: 'Course confiée à un autre livreur',
  course_handed_back: 'Course rendue par le livreur',
  incident_reported: 'Incident signalé par le livreur',
  otp_regenerated: 'Code OTP régénéré',
  course_rated: 'Course notée',
  dispute_created: 'Réclamation créée',
  dispute_updated: 'Réclamation mise à jour',
  support_request_updated: 'Demande de support mise à jour',
  payment_requested: 'Paiement anticipé demandé',
  payment_request_approved: 'Demande de paiement approuvée',
  payment_request_rejected: 'Demande de paiement rejetée',
  commission_run_requested: 'Paiement hebdomadaire des commissions demandé',
  commission_payment_started: 'Paiement de commissions lancé',
  commission_payment_completed: 'Paiement de commissions effectué',
  commission_payment_failed: 'Paiement de commissions échoué',
  cash_deposit_recorded: "Dépôt d'espèces enregistré au bureau",
  ledger_adjusted: 'Solde de livreur corrigé',
  refund_sent: 'Remboursement envoyé au client',
  refund_opened: 'Remboursement ouvert',
  refund_completed: 'Remboursement effectué',
  refund_failed: 'Remboursement échoué',
  delivery_flagged: 'Remise du colis à vérifier (lieu)',
  position_flagged: 'Position improbable écartée de la carte',
  password_reset_by_staff: "Mot de passe réinitialisé par l'équipe",
  courier_file_updated: 'Dossier du livreur modifié',
  place_updated: 'Lieu du carnet modifié',
  place_merged: 'Lieux du carnet fusionnés',
};

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** The label of a stored action; one no longer written (an older row) shows as stored. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}
