import type { ReactNode } from 'react';

/** The signed-out pages: brand on top, one card below. */
export function AuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth">
      <header className="auth__brand">
        <h1 className="brand brand--large">Coursa</h1>
        <p className="auth__tagline">Vos livraisons à Conakry, simples et rapides</p>
      </header>
      <section className="card auth__card">{children}</section>
      {footer}
    </main>
  );
}
