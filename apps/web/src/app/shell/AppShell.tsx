import { useState, type ReactNode } from 'react';
import { logout, useCurrentUser } from '@/features/auth';
import { OfflineBanner } from './OfflineBanner';

/**
 * Header (greeting and logout) above the signed-in screens, and « Hors ligne » while offline. Signing out sends the user
 * to /auth. `wide`: the content uses a desktop's width (the back office's tables) rather than a phone-sized column.
 */
export function AppShell({ navigation, wide = false, children }: { navigation?: ReactNode; wide?: boolean; children: ReactNode }) {
  const user = useCurrentUser();
  const [signingOut, setSigningOut] = useState(false);

  function signOut() {
    setSigningOut(true);
    void logout();
  }

  return (
    <div className="shell">
      <div className="shell__top">
        <header className="app-header">
          <div className="app-header__identity">
            <span className="brand brand--inverse">Coursa</span>
            <span className="app-header__greeting">Bonjour, {user.full_name}</span>
          </div>
          <button type="button" className="app-header__logout" disabled={signingOut} onClick={signOut}>
            Déconnexion
          </button>
        </header>
        {navigation}
        <OfflineBanner />
      </div>
      <main className={wide ? 'shell__content shell__content--wide' : 'shell__content'}>{children}</main>
    </div>
  );
}
