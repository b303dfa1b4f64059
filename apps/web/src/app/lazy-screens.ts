import { lazy } from 'react';

// Screens outside the first one a visitor sees load on demand, to keep the first download small on mobile data.

export const TermsPage = lazy(() => import('@/features/legal').then((module) => ({ default: module.TermsPage })));
export const PrivacyPage = lazy(() => import('@/features/legal').then((module) => ({ default: module.PrivacyPage })));
export const ProfileTab = lazy(() => import('@/features/profile').then((module) => ({ default: module.ProfileTab })));
