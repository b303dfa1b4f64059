import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@coursa/domain';
import { type WebhookEndpointDto, type WebhookSecretResponse } from '@coursa/contracts';
import { WebhookEndpointSchema, WebhookEndpointUpdateSchema } from '@coursa/contracts/schemas';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { FormDialog } from '@/components/ui/FormDialog';
import { Input } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { useChange } from '@/lib/query-client';
import { checkWith } from '@/lib/schema-check';
import { developersApi, developersQueries } from '../api/developers-api';
import { WEBHOOK_EVENT_LABELS } from '../webhook-labels';
import { CheckboxGroup } from './CheckboxGroup';

export const ENDPOINT_DIALOG_MESSAGES = {
  createFailed: 'Impossible d’ajouter ce point de terminaison pour le moment.',
  updateFailed: 'Impossible de modifier ce point de terminaison pour le moment.',
  updated: 'Point de terminaison modifié.',
} as const;

const EVENT_CHOICES = WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: WEBHOOK_EVENT_LABELS[type], hint: type }));

/**
 * « Ajouter un point de terminaison » (its URL, a description, the events it wants; the answer's `whsec_` secret goes
 * to the panel shown once), or « Modifier » an endpoint (the same fields).
 */
export function WebhookEndpointDialog({
  endpoint,
  onClose,
  onCreated,
  onUpdated,
}: {
  /** Missing: a new endpoint. */
  endpoint?: WebhookEndpointDto;
  onClose: () => void;
  onCreated?: (answer: WebhookSecretResponse) => void;
  onUpdated?: (message: string) => void;
}) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.event_types ?? [...WEBHOOK_EVENT_TYPES]);
  const [problem, setProblem] = useState<string | null>(null);
  const changes = () => [developersQueries.endpoints()];
  const create = useChange(developersApi.createEndpoint, changes);
  const update = useChange((body: Parameters<typeof developersApi.updateEndpoint>[1]) => developersApi.updateEndpoint(endpoint!.id, body), changes, { evenWhenRefused: true });
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const values = { url: url.trim(), description, event_types: events };
    if (endpoint) {
      const checked = checkWith(WebhookEndpointUpdateSchema, values);
      if (!checked.ok) return setProblem(checked.problem);
      update.mutate(checked.data, {
        onSuccess: () => onUpdated?.(ENDPOINT_DIALOG_MESSAGES.updated),
        onError: (caught) => setProblem(errorMessage(caught, ENDPOINT_DIALOG_MESSAGES.updateFailed)),
      });
      return;
    }
    const checked = checkWith(WebhookEndpointSchema, values);
    if (!checked.ok) return setProblem(checked.problem);
    create.mutate(checked.data, { onSuccess: onCreated, onError: (caught) => setProblem(errorMessage(caught, ENDPOINT_DIALOG_MESSAGES.createFailed)) });
  }

  return (
    <FormDialog
      title={endpoint ? 'Modifier le point de terminaison' : 'Ajouter un point de terminaison'}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={pending ? 'Enregistrement…' : endpoint ? 'Enregistrer' : 'Ajouter'}
      submitDisabled={pending}
    >
      <Input
        label="URL"
        hint="L’adresse https de votre serveur qui recevra les événements, signés (Standard Webhooks)."
        inputMode="url"
        placeholder="https://boutique.example.gn/coursa/webhooks"
        maxLength={2000}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        autoFocus
      />
      <Input label="Description (facultative)" maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} />
      <CheckboxGroup legend="Événements envoyés" choices={EVENT_CHOICES} chosen={events} onChange={setEvents} />
      {problem && <Alert tone="error">{problem}</Alert>}
    </FormDialog>
  );
}
