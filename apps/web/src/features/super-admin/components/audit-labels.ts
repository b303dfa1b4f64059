/** Spec §3: the audit filters offered, with French labels. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  login: 'Connexion',
  user_created: 'Utilisateur créé',
  user_deleted: 'Utilisateur supprimé',
  admin_created: 'Administrateur créé',
  course_created: 'Course créée',
};

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
