import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Layout of the static legal texts, readable signed in or out. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="legal">
      <title>{`${title} · Coursa`}</title>
      <header className="legal__header">
        <Link to="/" className="brand">
          Coursa
        </Link>
        <Link to="/" className="legal__back">
          ← Retour à l'accueil
        </Link>
      </header>
      <main className="legal__content">
        <h1>{title}</h1>
        {children}
        <p className="legal__footer">
          <Link to="/">← Retour à l'accueil</Link>
        </p>
      </main>
    </div>
  );
}
