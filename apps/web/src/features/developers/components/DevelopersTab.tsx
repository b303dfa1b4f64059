import '../developers.css';
import { ApiKeysSection } from './ApiKeysSection';
import { IntegrationGuide } from './IntegrationGuide';
import { WebhooksSection } from './WebhooksSection';

/**
 * Issue 40, « Développeurs »: a merchant's shop orders deliveries by API. Its keys, its webhook endpoints with their
 * delivery logs, and how to start; shown in the client's tabs only to a merchant (`is_merchant`).
 */
export function DevelopersTab() {
  return (
    <div className="stack developers">
      <h2 className="page-title">Développeurs</h2>
      <IntegrationGuide />
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
