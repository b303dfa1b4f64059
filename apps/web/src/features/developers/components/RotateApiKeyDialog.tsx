import type { ApiKeyCreatedResponse, ApiKeyDto } from '@coursa/contracts';
import { RotateApiKeySchema } from '@coursa/contracts/schemas';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { FormDialog } from '@/components/ui/FormDialog';
import { Select } from '@/components/ui/Select';
import { errorMessage } from '@/lib/api-client';
import { useChange } from '@/lib/query-client';
import { checkWith } from '@/lib/schema-check';
import { developersApi, developersQueries } from '../api/developers-api';

export const ROTATE_KEY_MESSAGES = { failed: 'Impossible de renouveler la clé pour le moment.' } as const;

/** How long the old key keeps working beside the new one (RotateApiKeySchema: 0 to 168 hours, 24 by default). */
const OVERLAPS = [
  { value: '0', label: 'Aucun : l’ancienne clé cesse de fonctionner tout de suite' },
  { value: '1', label: '1 heure' },
  { value: '24', label: '24 heures' },
  { value: '72', label: '3 jours' },
  { value: '168', label: '7 jours' },
] as const;

/**
 * « Renouveler »: a new secret for the key, the old one working for the overlap chosen (24 h by default), so that the
 * shop's servers can move to the new one without a failed call.
 */
export function RotateApiKeyDialog({ apiKey, onClose, onRotated }: { apiKey: ApiKeyDto; onClose: () => void; onRotated: (answer: ApiKeyCreatedResponse) => void }) {
  const [overlap, setOverlap] = useState('24');
  const [problem, setProblem] = useState<string | null>(null);
  const rotate = useChange((overlapHours: number | undefined) => developersApi.rotateKey(apiKey.id, { overlap_hours: overlapHours }), () => [developersQueries.apiKeys()], {
    evenWhenRefused: true,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const checked = checkWith(RotateApiKeySchema, { overlap_hours: Number(overlap) });
    if (!checked.ok) return setProblem(checked.problem);
    rotate.mutate(checked.data.overlap_hours, { onSuccess: onRotated, onError: (caught) => setProblem(errorMessage(caught, ROTATE_KEY_MESSAGES.failed)) });
  }

  return (
    <FormDialog
      title={`Renouveler la clé « ${apiKey.name} »`}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={rotate.isPending ? 'Renouvellement…' : 'Renouveler'}
      submitDisabled={rotate.isPending}
    >
      <p className="muted">Une nouvelle clé remplace celle-ci, avec les mêmes permissions. Pendant le chevauchement, les deux fonctionnent.</p>
      <Select label="Chevauchement" options={OVERLAPS} value={overlap} onChange={(event) => setOverlap(event.target.value)} autoFocus />
      {problem && <Alert tone="error">{problem}</Alert>}
    </FormDialog>
  );
}
