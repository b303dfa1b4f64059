import { API_KEY_SCOPE_LABELS } from '@coursa/domain';
import { type ApiKeyCreatedResponse, type ApiKeyDto } from '@coursa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DetailRow } from '@/components/ui/DetailRow';
import { Loader } from '@/components/ui/Loader';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { useChange } from '@/lib/query-client';
import { developersApi, developersQueries } from '../api/developers-api';
import { NewApiKeyDialog } from './NewApiKeyDialog';
import { RotateApiKeyDialog } from './RotateApiKeyDialog';
import { SecretPanel } from './SecretPanel';

export const API_KEYS_MESSAGES = {
  loadFailed: 'Impossible de charger vos clés d’API pour le moment.',
  none: 'Aucune clé pour le moment. Créez-en une pour commander des livraisons depuis votre boutique.',
  revokeFailed: 'Impossible de révoquer cette clé pour le moment.',
  revokeConfirm: (key: Pick<ApiKeyDto, 'name' | 'prefix'>) =>
    `Révoquer la clé « ${key.name} » (${key.prefix}…) ? Les appels qui l’utilisent seront refusés immédiatement.`,
  revoked: (name: string) => `Clé « ${name} » révoquée.`,
  neverUsed: 'Jamais utilisée',
  newSecret: 'Votre nouvelle clé',
  rotatedNote: (replaced: ApiKeyDto) =>
    replaced.expires_at ? `L’ancienne clé (${replaced.prefix}…) fonctionne jusqu’au ${formatDateTime(replaced.expires_at)}.` : `L’ancienne clé (${replaced.prefix}…) ne fonctionne plus.`,
} as const;

/** A key's state as a badge: Active, « Expire le … » (after a rotation), Expirée, Révoquée. */
export function keyStatus(key: Pick<ApiKeyDto, 'status' | 'expires_at'>): { label: string; tone: string } {
  switch (key.status) {
    case 'active':
      return { label: 'Active', tone: 'delivered' };
    case 'expiring':
      return { label: key.expires_at ? `Expire le ${formatDateTime(key.expires_at)}` : 'Expire bientôt', tone: 'collected' };
    case 'expired':
      return { label: 'Expirée', tone: 'cancelled' };
    case 'revoked':
      return { label: 'Révoquée', tone: 'cancelled' };
  }
}

const usable = (key: ApiKeyDto) => key.status === 'active' || key.status === 'expiring';

/**
 * Issue 40, « Clés d’API »: the merchant's keys (name, prefix, permissions, created, last use, state); a new key and a
 * rotation show their secret once; a key is revoked after a confirmation.
 */
export function ApiKeysSection() {
  const keys = useQuery(developersQueries.apiKeys());
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'rotate'; key: ApiKeyDto } | null>(null);
  const [created, setCreated] = useState<ApiKeyCreatedResponse | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const revoke = useChange((key: ApiKeyDto) => developersApi.revokeKey(key.id), () => [developersQueries.apiKeys()], { evenWhenRefused: true });

  function askRevoke(key: ApiKeyDto) {
    if (!window.confirm(API_KEYS_MESSAGES.revokeConfirm(key))) return;
    setNotice(null);
    revoke.mutate(key, {
      onSuccess: () => setNotice({ tone: 'success', text: API_KEYS_MESSAGES.revoked(key.name) }),
      onError: (caught) => setNotice({ tone: 'error', text: errorMessage(caught, API_KEYS_MESSAGES.revokeFailed) }),
    });
  }

  function shown(answer: ApiKeyCreatedResponse) {
    setDialog(null);
    setNotice(null);
    setCreated(answer);
  }

  return (
    <section className="card stack" aria-labelledby="api-keys-title">
      <div className="card__header">
        <h3 id="api-keys-title" className="card__title">
          Clés d’API
        </h3>
        <Button onClick={() => setDialog({ kind: 'new' })}>Nouvelle clé</Button>
      </div>
      <p className="muted">Votre boutique s’authentifie avec une clé : chacune a un nom et ses permissions, et peut être renouvelée ou révoquée à tout moment.</p>
      {created && (
        <SecretPanel
          title={`${API_KEYS_MESSAGES.newSecret} « ${created.key.name} »`}
          label="Clé secrète"
          secret={created.secret}
          note={created.replaced ? API_KEYS_MESSAGES.rotatedNote(created.replaced) : undefined}
          onDone={() => setCreated(null)}
        />
      )}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {keys.isPending && <Loader />}
      {keys.isError && <Alert tone="error">{API_KEYS_MESSAGES.loadFailed}</Alert>}
      {keys.data?.length === 0 && <p className="muted">{API_KEYS_MESSAGES.none}</p>}
      {keys.data && keys.data.length > 0 && (
        <ul className="developer-list">
          {keys.data.map((key) => {
            const status = keyStatus(key);
            return (
              <li key={key.id} className="developer-list__item" aria-label={`Clé ${key.name}`}>
                <div className="card__header">
                  <strong>{key.name}</strong>
                  <span className={`status-badge status-badge--${status.tone}`}>{status.label}</span>
                </div>
                <dl className="details">
                  <DetailRow label="Préfixe" value={<code>{key.prefix}…</code>} />
                  <DetailRow label="Permissions" value={key.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(', ')} />
                  <DetailRow label="Créée le" value={formatDate(key.created_at)} />
                  <DetailRow label="Dernière utilisation" value={key.last_used_at ? formatDateTime(key.last_used_at) : API_KEYS_MESSAGES.neverUsed} />
                </dl>
                {usable(key) && (
                  <div className="button-row">
                    {key.status === 'active' && (
                      <Button variant="secondary" aria-label={`Renouveler la clé ${key.name}`} onClick={() => setDialog({ kind: 'rotate', key })}>
                        Renouveler
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      className="button--danger"
                      aria-label={`Révoquer la clé ${key.name}`}
                      disabled={revoke.isPending && revoke.variables?.id === key.id}
                      onClick={() => askRevoke(key)}
                    >
                      Révoquer
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {dialog?.kind === 'new' && <NewApiKeyDialog onClose={() => setDialog(null)} onCreated={shown} />}
      {dialog?.kind === 'rotate' && <RotateApiKeyDialog apiKey={dialog.key} onClose={() => setDialog(null)} onRotated={shown} />}
    </section>
  );
}
