import type { WebhookEndpointDto, WebhookSecretResponse } from '@coursa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DetailRow } from '@/components/ui/DetailRow';
import { Loader } from '@/components/ui/Loader';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useChange } from '@/lib/query-client';
import { developersApi, developersQueries } from '../api/developers-api';
import { eventLabel } from '../webhook-labels';
import { DeliveryLog } from './DeliveryLog';
import { SecretPanel } from './SecretPanel';
import { WebhookEndpointDialog } from './WebhookEndpointDialog';

export const WEBHOOKS_MESSAGES = {
  loadFailed: 'Impossible de charger vos webhooks pour le moment.',
  none: 'Aucun point de terminaison. Ajoutez l’adresse de votre serveur pour être prévenu à chaque étape de vos livraisons.',
  failed: 'Impossible de modifier ce point de terminaison pour le moment.',
  deleteConfirm: (url: string) => `Supprimer le point de terminaison ${url} ? Il ne recevra plus aucun événement et son journal sera effacé.`,
  rotateConfirm: (url: string) => `Renouveler le secret de signature de ${url} ? L’ancien secret signera encore les envois pendant la transition.`,
  enabled: 'Point de terminaison réactivé.',
  disabled: 'Point de terminaison désactivé : il ne reçoit plus d’événements.',
  testSent: 'Événement de test envoyé : son résultat s’affiche dans le journal des envois.',
  secretTitle: (url: string) => `Secret de signature de ${url}`,
  previousSecret: (until: string) => `L’ancien secret signe aussi les envois jusqu’au ${formatDateTime(until)}.`,
} as const;

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Issue 40, « Webhooks »: the endpoints where the shop's server hears its deliveries' events, each with its events and
 * its state (disabled, and why), the signing secret shown once, and its delivery log.
 */
export function WebhooksSection() {
  const endpoints = useQuery(developersQueries.endpoints());
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<WebhookSecretResponse | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  function showSecret(answer: WebhookSecretResponse) {
    setAdding(false);
    setNotice(null);
    setSecret(answer);
  }

  return (
    <section className="card stack" aria-labelledby="webhooks-title">
      <div className="card__header">
        <h3 id="webhooks-title" className="card__title">
          Webhooks
        </h3>
        <Button onClick={() => setAdding(true)}>Ajouter un point de terminaison</Button>
      </div>
      <p className="muted">
        Coursa envoie à votre serveur un événement signé à chaque étape de vos livraisons. Un envoi refusé est réessayé ; un point de terminaison qui échoue trop
        souvent est désactivé.
      </p>
      {secret && (
        <SecretPanel
          title={WEBHOOKS_MESSAGES.secretTitle(secret.endpoint.url)}
          label="Secret de signature"
          secret={secret.secret}
          note={secret.endpoint.previous_secret_expires_at ? WEBHOOKS_MESSAGES.previousSecret(secret.endpoint.previous_secret_expires_at) : undefined}
          onDone={() => setSecret(null)}
        />
      )}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {endpoints.isPending && <Loader />}
      {endpoints.isError && <Alert tone="error">{WEBHOOKS_MESSAGES.loadFailed}</Alert>}
      {endpoints.data?.length === 0 && <p className="muted">{WEBHOOKS_MESSAGES.none}</p>}
      {endpoints.data && endpoints.data.length > 0 && (
        <ul className="developer-list">
          {endpoints.data.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} onNotice={setNotice} onSecret={showSecret} />
          ))}
        </ul>
      )}
      {adding && <WebhookEndpointDialog onClose={() => setAdding(false)} onCreated={showSecret} />}
    </section>
  );
}

function EndpointItem({ endpoint, onNotice, onSecret }: { endpoint: WebhookEndpointDto; onNotice: (notice: Notice | null) => void; onSecret: (answer: WebhookSecretResponse) => void }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const endpointsChange = () => [developersQueries.endpoints()];
  const toggle = useChange((enabled: boolean) => developersApi.updateEndpoint(endpoint.id, { enabled }), endpointsChange, { evenWhenRefused: true });
  const remove = useChange(() => developersApi.deleteEndpoint(endpoint.id), () => [developersQueries.endpoints(), developersQueries.deliveriesOf(endpoint.id)], {
    evenWhenRefused: true,
  });
  const rotate = useChange(() => developersApi.rotateSecret(endpoint.id), endpointsChange, { evenWhenRefused: true });
  const test = useChange(() => developersApi.sendTest(endpoint.id), () => [developersQueries.deliveriesOf(endpoint.id)]);
  const busy = toggle.isPending || remove.isPending || rotate.isPending || test.isPending;

  const failed = (caught: unknown) => setProblem(errorMessage(caught, WEBHOOKS_MESSAGES.failed));
  const start = () => {
    setProblem(null);
    onNotice(null);
  };

  function switchOnOff() {
    start();
    toggle.mutate(!endpoint.enabled, { onSuccess: () => onNotice({ tone: 'success', text: endpoint.enabled ? WEBHOOKS_MESSAGES.disabled : WEBHOOKS_MESSAGES.enabled }), onError: failed });
  }

  function rotateSecret() {
    if (!window.confirm(WEBHOOKS_MESSAGES.rotateConfirm(endpoint.url))) return;
    start();
    rotate.mutate(undefined, { onSuccess: onSecret, onError: failed });
  }

  function sendTest() {
    start();
    // The log opens once the event exists: a first read of the log racing the test's creation could miss it.
    test.mutate(undefined, {
      onSuccess: () => {
        setLogOpen(true);
        onNotice({ tone: 'success', text: WEBHOOKS_MESSAGES.testSent });
      },
      onError: failed,
    });
  }

  function deleteEndpoint() {
    if (!window.confirm(WEBHOOKS_MESSAGES.deleteConfirm(endpoint.url))) return;
    start();
    remove.mutate(undefined, { onSuccess: (answer) => onNotice({ tone: 'success', text: answer.message }), onError: failed });
  }

  return (
    <li className="developer-list__item stack" aria-labelledby={titleId}>
      <div className="card__header">
        <h4 id={titleId} className="developer-list__url">
          {endpoint.url}
        </h4>
        <span className={`status-badge status-badge--${endpoint.enabled ? 'delivered' : 'cancelled'}`}>{endpoint.enabled ? 'Actif' : 'Désactivé'}</span>
      </div>
      {!endpoint.enabled && (
        <p className="alert alert--info">
          Désactivé{endpoint.disabled_at ? ` le ${formatDateTime(endpoint.disabled_at)}` : ''}
          {endpoint.disabled_reason ? ` : ${endpoint.disabled_reason}` : '.'}
        </p>
      )}
      <dl className="details">
        {endpoint.description && <DetailRow label="Description" value={endpoint.description} />}
        <DetailRow label="Créé le" value={formatDateTime(endpoint.created_at)} />
      </dl>
      <p className="developer-list__label" id={`${titleId}-events`}>
        Événements envoyés
      </p>
      <ul className="developer-list__events" aria-labelledby={`${titleId}-events`}>
        {endpoint.event_types.map((type) => (
          <li key={type}>
            {eventLabel(type)} <code>{type}</code>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <Button variant="secondary" disabled={busy} onClick={sendTest}>
          Envoyer un test
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setEditing(true)}>
          Modifier
        </Button>
        <Button variant="secondary" disabled={busy} onClick={switchOnOff}>
          {endpoint.enabled ? 'Désactiver' : 'Réactiver'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={rotateSecret}>
          Renouveler le secret
        </Button>
        <Button variant="secondary" className="button--danger" disabled={busy} onClick={deleteEndpoint}>
          Supprimer
        </Button>
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
      <Button variant="link" aria-expanded={logOpen} onClick={() => setLogOpen(!logOpen)}>
        {logOpen ? 'Masquer le journal des envois' : 'Voir le journal des envois'}
      </Button>
      {logOpen && <DeliveryLog endpointId={endpoint.id} endpointUrl={endpoint.url} />}
      {editing && (
        <WebhookEndpointDialog
          endpoint={endpoint}
          onClose={() => setEditing(false)}
          onUpdated={(text) => {
            setEditing(false);
            onNotice({ tone: 'success', text });
          }}
        />
      )}
    </li>
  );
}
