import type { UserDto } from '@coursa/contracts';
import {
  AnalyticsTab,
  AuditTab,
  AvailableCourses,
  CasesTab,
  ClientHome,
  CommissionPaymentsTab,
  CourierHome,
  CoursesTab,
  CreateAdminTab,
  CreateCourseTab,
  CreateDeliveryTab,
  DashboardTab,
  DevelopersTab,
  EarningsTab,
  MerchantsTab,
  MyCoursesTab,
  MyDeliveries,
  NavigationTab,
  PlacesTab,
  ProfileTab,
  ReconciliationTab,
  RatingsTab,
  TrackingTab,
  UsersTab,
} from '../lazy-screens';
import type { Tab } from './TabbedLayout';

const CLIENT_PROFILE: Tab = { id: 'profile', label: 'Profil', content: <ProfileTab /> };

const CLIENT_WORK: readonly Tab[] = [
  { id: 'home', label: 'Accueil', content: <ClientHome /> },
  { id: 'create-course', label: 'Nouvelle course', content: <CreateCourseTab /> },
  { id: 'my-courses', label: 'Mes courses', content: <MyCoursesTab /> },
  { id: 'tracking', label: 'Suivi GPS', content: <TrackingTab /> },
];

export const CLIENT_TABS: readonly Tab[] = [...CLIENT_WORK, CLIENT_PROFILE];

/** Issue 40: a client staff made a merchant also has « Développeurs » (its API keys and webhooks). */
export const MERCHANT_TABS: readonly Tab[] = [...CLIENT_WORK, { id: 'developers', label: 'Développeurs', content: <DevelopersTab /> }, CLIENT_PROFILE];

/** A client's tabs: a merchant's when staff made the account one. */
export const clientTabs = (user: Pick<UserDto, 'is_merchant'> | undefined): readonly Tab[] => (user?.is_merchant ? MERCHANT_TABS : CLIENT_TABS);

export const COURIER_TABS: readonly Tab[] = [
  { id: 'home', label: 'Accueil', content: <CourierHome /> },
  { id: 'available-courses', label: 'Courses disponibles', content: <AvailableCourses /> },
  { id: 'my-deliveries', label: 'Mes livraisons', content: <MyDeliveries /> },
  { id: 'navigation', label: 'Navigation', content: <NavigationTab /> },
  { id: 'ratings', label: 'Mes évaluations', content: <RatingsTab /> },
  { id: 'earnings', label: 'Mes gains', content: <EarningsTab /> },
  { id: 'profile', label: 'Profil', content: <ProfileTab /> },
];

/** Every staff member's own profile, with the change of password (issue 38), last in their tabs. */
const STAFF_PROFILE: Tab = { id: 'profile', label: 'Profil', content: <ProfileTab /> };

/** The back office's work, shared by admin, support and the super administrator (back-office spec §1). */
const BACK_OFFICE_TABS: readonly Tab[] = [
  { id: 'dashboard', label: 'Tableau de bord', content: <DashboardTab /> },
  { id: 'courses', label: 'Courses', content: <CoursesTab /> },
  { id: 'users', label: 'Utilisateurs', content: <UsersTab /> },
  // Issue 39: the place book learned from deliveries, curated by staff.
  { id: 'places', label: 'Lieux', content: <PlacesTab /> },
  // Issue 40: the shops that order by API, their terms and their monthly statements.
  { id: 'merchants', label: 'Marchands', content: <MerchantsTab /> },
  { id: 'create-delivery', label: 'Nouveau livreur', content: <CreateDeliveryTab /> },
  { id: 'commission-payments', label: 'Commissions', content: <CommissionPaymentsTab /> },
  { id: 'reconciliation', label: 'Rapprochement', content: <ReconciliationTab /> },
  { id: 'cases', label: 'Réclamations', content: <CasesTab /> },
  { id: 'analytics', label: 'Statistiques', content: <AnalyticsTab /> },
];

/** Admin and support share one layout (back-office spec §1). */
export const STAFF_TABS: readonly Tab[] = [...BACK_OFFICE_TABS, STAFF_PROFILE];

export const SUPER_ADMIN_TABS: readonly Tab[] = [
  ...BACK_OFFICE_TABS,
  { id: 'create-admin', label: 'Nouvel admin', content: <CreateAdminTab /> },
  { id: 'audit', label: 'Audit', content: <AuditTab /> },
  STAFF_PROFILE,
];
