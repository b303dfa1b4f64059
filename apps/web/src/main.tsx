import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { preloadHome } from '@/app/lazy-screens';
import { restoreSession } from '@/features/auth';
import { sessionTokens } from '@/lib/api-client';
import './styles.css';

void restoreSession();
const roleHint = sessionTokens.roleHint();
if (roleHint) preloadHome(roleHint);

// The service worker (installable app, offline start): production builds only, so neither `vite dev` nor the unit
// tests have one; loaded after the page, outside the first screen's JavaScript.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./pwa/register').then((pwa) => pwa.registerServiceWorker()));
}

// The first render in a transition: React renders it in small slices instead of one long task.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </StrictMode>,
  ),
);
