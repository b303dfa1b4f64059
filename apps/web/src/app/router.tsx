import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageLoader } from '@/components/ui/Loader';
import { ActivationPage, AuthPage } from '@/features/auth';
import { PrivacyPage, TermsPage } from './lazy-screens';
import { SignedInArea } from './shell/SignedInArea';

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Routes>
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/activation" element={<ActivationPage />} />
        <Route path="/cgu" element={<TermsPage />} />
        <Route path="/politique-confidentialite" element={<PrivacyPage />} />
        <Route path="*" element={<SignedInArea />} />
      </Routes>
    </Suspense>
  );
}
