import { API_KEY_PREFIX } from '@coursa/domain';
import { DetailRow } from '@/components/ui/DetailRow';

/** The curl example's delivery: the shop's own reference, the door and the recipient; the pickup is the merchant's. */
export function curlExample(baseUrl: string): string {
  const body = {
    reference: 'CMD-2026-0042',
    dropoff: { address: 'Kaloum, immeuble Sonoco', latitude: 9.5092, longitude: -13.7122 },
    recipient_phone: '+224620000000',
  };
  return [
    `curl -X POST ${baseUrl}/deliveries \\`,
    `  -H "Authorization: Bearer ${API_KEY_PREFIX}…" \\`,
    `  -H "Idempotency-Key: $(uuidgen)" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${JSON.stringify(body)}'`,
  ].join('\n');
}

/**
 * « Intégrer Coursa »: the public API's base URL, a delivery created with curl (a key, and an `Idempotency-Key` so a
 * retried call makes one delivery), and the API reference (`/api/docs`, generated from the contracts).
 */
export function IntegrationGuide() {
  const baseUrl = `${window.location.origin}/api/v1`;
  return (
    <section className="card stack" aria-labelledby="integration-title">
      <h3 id="integration-title" className="card__title">
        Intégrer Coursa
      </h3>
      <dl className="details">
        <DetailRow label="URL de base" value={<code>{baseUrl}</code>} />
      </dl>
      <p className="muted">
        Chaque appel porte votre clé dans l’en-tête <code>Authorization: Bearer</code>. Une création de livraison porte aussi un en-tête{' '}
        <code>Idempotency-Key</code> unique : renvoyée après une coupure, elle ne crée pas une seconde livraison.
      </p>
      <pre className="code-block" tabIndex={0} aria-label="Exemple : créer une livraison avec curl">
        <code>{curlExample(baseUrl)}</code>
      </pre>
      <p>
        <a href="/api/docs" target="_blank" rel="noreferrer">
          Référence de l’API (s’ouvre dans un nouvel onglet)
        </a>
      </p>
    </section>
  );
}
