import { ProfileTab } from '../lazy-screens';
import type { Tab } from './TabbedLayout';

export const CLIENT_TABS: readonly Tab[] = [
  { id: 'home', label: 'Accueil' },
  { id: 'create-course', label: 'Nouvelle course' },
  { id: 'my-courses', label: 'Mes courses' },
  { id: 'tracking', label: 'Suivi GPS' },
  { id: 'profile', label: 'Profil', content: <ProfileTab /> },
];

export const COURIER_TABS: readonly Tab[] = [
  { id: 'home', label: 'Accueil' },
  { id: 'available-courses', label: 'Courses disponibles' },
  { id: 'my-deliveries', label: 'Mes livraisons' },
  { id: 'navigation', label: 'Navigation' },
  { id: 'ratings', label: 'Mes évaluations' },
  { id: 'earnings', label: 'Mes gains' },
  { id: 'profile', label: 'Profil', content: <ProfileTab /> },
];

/** Admin and support share one layout (back-office spec §1). */
export const STAFF_TABS: readonly Tab[] = [
  { id: 'dashboard', label: 'Tableau de bord' },
  { id: 'courses', label: 'Courses' },
  { id: 'users', label: 'Utilisateurs' },
  { id: 'create-delivery', label: 'Nouveau livreur' },
  { id: 'commission-payments', label: 'Commissions' },
  { id: 'analytics', label: 'Statistiques' },
];

export const SUPER_ADMIN_TABS: readonly Tab[] = [
  ...STAFF_TABS,
  { id: 'create-admin', label: 'Nouvel admin' },
  { id: 'audit', label: 'Audit' },
];
