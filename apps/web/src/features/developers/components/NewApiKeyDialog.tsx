import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope } from '@coursa/domain';
import { type ApiKeyCreatedResponse } from '@coursa/contracts';
import { ApiKeyRequestSchema } from '@coursa/contracts/schemas';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { FormDialog } from '@/components/ui/FormDialog';
import { Input } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { useChange } from '@/lib/query-client';
import { checkWith } from '@/lib/schema-check';
import { developersApi, developersQueries } from '../api/developers-api';
import { CheckboxGroup } from './CheckboxGroup';

export const NEW_KEY_MESSAGES = { failed: 'Impossible de créer la clé pour le moment.' } as const;

const SCOPE_CHOICES = API_KEY_SCOPES.map((scope) => ({ value: scope, label: API_KEY_SCOPE_LABELS[scope], hint: scope }));

/** « Nouvelle clé »: its name and its permissions (at least one); the answer's secret goes to the panel shown once. */
export function NewApiKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (answer: ApiKeyCreatedResponse) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['deliveries:write', 'deliveries:read']);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useChange(developersApi.createKey, () => [developersQueries.apiKeys()]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const checked = checkWith(ApiKeyRequestSchema, { name, scopes });
    if (!checked.ok) return setProblem(checked.problem);
    create.mutate(checked.data, { onSuccess: onCreated, onError: (caught) => setProblem(errorMessage(caught, NEW_KEY_MESSAGES.failed)) });
  }

  return (
    <FormDialog title="Nouvelle clé d’API" onSubmit={submit} onClose={onClose} submitLabel={create.isPending ? 'Création…' : 'Créer la clé'} submitDisabled={create.isPending}>
      <Input label="Nom de la clé" hint="Pour la reconnaître : « Site web », « Caisse du magasin »…" maxLength={80} value={name} onChange={(event) => setName(event.target.value)} autoFocus />
      <CheckboxGroup legend="Permissions" choices={SCOPE_CHOICES} chosen={scopes} onChange={setScopes} />
      {problem && <Alert tone="error">{problem}</Alert>}
    </FormDialog>
  );
}
