import { AUDIT_ACTION_LABELS, type AuditAction } from '@coursa/contracts';

/** Spec §3: the actions the audit filter offers (every action's label is in libs/contracts). */
const FILTERED_ACTIONS: AuditAction[] = ['login', 'user_created', 'user_deleted', 'admin_created', 'course_created'];

export const AUDIT_ACTION_FILTERS: Record<string, string> = Object.fromEntries(FILTERED_ACTIONS.map((action) => [action, AUDIT_ACTION_LABELS[action]]));

export const AUDIT_RESOURCE_LABELS: Record<string, string> = {
  user: 'Utilisateur',
  course: 'Course',
  commission: 'Commission',
};

export const AUDIT_LOAD_ERROR = "Erreur lors du chargement des données d'audit";

export const withAll = (labels: Record<string, string>, allLabel: string) => [
  { value: '', label: allLabel },
  ...Object.entries(labels).map(([value, label]) => ({ value, label })),
];
