import { isCourier, isStaff } from '@coursa/domain';
import { lazy } from 'react';

// Screens outside the first one a visitor sees load on demand, to keep the first download small on mobile data.

const loadClientHome = () => import('@/features/client-home');
const loadCourier = () => import('@/features/courier');
const loadDashboard = () => import('@/features/admin-dashboard');

/**
 * Starts downloading the home screen of a role (from the stored session's hint) at start-up, beside the call that says
 * who is signed in, instead of after it: one round trip less before a signed-in user sees their home.
 */
export function preloadHome(role: string): void {
  if (role === 'client') void loadClientHome();
  else if (isCourier(role)) void loadCourier();
  else if (isStaff(role)) void loadDashboard();
}

export const TermsPage = lazy(() => import('@/features/legal').then((module) => ({ default: module.TermsPage })));
export const PrivacyPage = lazy(() => import('@/features/legal').then((module) => ({ default: module.PrivacyPage })));
export const ProfileTab = lazy(() => import('@/features/profile').then((module) => ({ default: module.ProfileTab })));
export const ClientHome = lazy(() => loadClientHome().then((module) => ({ default: module.ClientHome })));
export const CreateCourseTab = lazy(() =>
  import('@/features/ordering').then((module) => ({ default: module.CreateCourseTab })),
);
export const MyCoursesTab = lazy(() => import('@/features/my-courses').then((module) => ({ default: module.MyCoursesTab })));
export const TrackingTab = lazy(() => import('@/features/tracking').then((module) => ({ default: module.TrackingTab })));
export const CourierHome = lazy(() => loadCourier().then((module) => ({ default: module.CourierHome })));
export const AvailableCourses = lazy(() =>
  import('@/features/courier').then((module) => ({ default: module.AvailableCourses })),
);
export const MyDeliveries = lazy(() => loadCourier().then((module) => ({ default: module.MyDeliveries })));
export const NavigationTab = lazy(() => loadCourier().then((module) => ({ default: module.NavigationTab })));
export const RatingsTab = lazy(() => loadCourier().then((module) => ({ default: module.RatingsTab })));
export const EarningsTab = lazy(() => loadCourier().then((module) => ({ default: module.EarningsTab })));
export const DashboardTab = lazy(() => loadDashboard().then((module) => ({ default: module.DashboardTab })));
export const AnalyticsTab = lazy(() => import('@/features/admin-analytics').then((module) => ({ default: module.AnalyticsTab })));
export const UsersTab = lazy(() => import('@/features/admin-users').then((module) => ({ default: module.UsersTab })));
export const CoursesTab = lazy(() => import('@/features/admin-courses').then((module) => ({ default: module.CoursesTab })));
export const PlacesTab = lazy(() => import('@/features/admin-places').then((module) => ({ default: module.PlacesTab })));
export const CreateDeliveryTab = lazy(() =>
  import('@/features/admin-onboarding').then((module) => ({ default: module.CreateDeliveryTab })),
);
export const CommissionPaymentsTab = lazy(() =>
  import('@/features/admin-money').then((module) => ({ default: module.CommissionPaymentsTab })),
);
export const CreateAdminTab = lazy(() => import('@/features/super-admin').then((module) => ({ default: module.CreateAdminTab })));
export const ReconciliationTab = lazy(() =>
  import('@/features/admin-reconciliation').then((module) => ({ default: module.ReconciliationTab })),
);
export const AuditTab = lazy(() => import('@/features/super-admin').then((module) => ({ default: module.AuditTab })));
export const DevelopersTab = lazy(() => import('@/features/developers').then((module) => ({ default: module.DevelopersTab })));
export const MerchantsTab = lazy(() => import('@/features/admin-merchants').then((module) => ({ default: module.MerchantsTab })));
export const CasesTab = lazy(() => import('@/features/admin-cases').then((module) => ({ default: module.CasesTab })));
