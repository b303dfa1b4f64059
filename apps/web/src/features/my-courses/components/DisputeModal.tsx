import { DISPUTE_TYPE_LABELS, DISPUTE_TYPES, type DisputeType } from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { useTimeout } from '@/hooks/use-timeout';
import { useChange } from '@/lib/query-client';
import { myCoursesApi, myCoursesQueries } from '../api/my-courses-api';

export const DISPUTE_MESSAGES = {
  recorded: 'Réclamation enregistrée avec succès!',
  failed: 'Erreur lors de la réclamation',
  summaryRequired: 'Le résumé du problème est obligatoire',
} as const;

/** How long the success message stays before the form closes. */
export const DISPUTE_CLOSE_MS = 2000;

const TYPE_OPTIONS = DISPUTE_TYPES.map((type) => ({ value: type, label: DISPUTE_TYPE_LABELS[type] }));

/** Spec §2 "Dispute modal": type (delivery_issue by default), summary required, description optional. */
export function DisputeModal({ courseId, onClose }: { courseId: string; onClose: () => void }) {
  const [type, setType] = useState<DisputeType>('delivery_issue');
  const [summary, setSummary] = useState('');
  const [description, setDescription] = useState('');
  const [recorded, setRecorded] = useState(false);
  // « Mes réclamations » lists it from now on.
  const dispute = useChange(myCoursesApi.openDispute, () => [myCoursesQueries.claims()]);
  const [invalid, setInvalid] = useState<string | null>(null);
  // The API's message is not shown on failure: the spec asks for this fixed one.
  const error = invalid ?? (dispute.isError ? DISPUTE_MESSAGES.failed : null);
  const pending = dispute.isPending;
  useTimeout(onClose, recorded ? DISPUTE_CLOSE_MS : null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!summary.trim()) return setInvalid(DISPUTE_MESSAGES.summaryRequired);
    setInvalid(null);
    dispute.mutate(
      { course_id: courseId, dispute_type: type, reason: summary.trim(), description: description.trim() || null },
      { onSuccess: () => setRecorded(true) },
    );
  }

  return (
    <div className="modal-backdrop">
      <form className="modal card stack" role="dialog" aria-modal="true" aria-labelledby="dispute-title" onSubmit={submit} noValidate>
        <h2 className="card__title" id="dispute-title">
          Signaler un Problème
        </h2>
        {recorded && <Alert tone="success">{DISPUTE_MESSAGES.recorded}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <Select
          label="Type de problème"
          value={type}
          onChange={(event) => setType(event.target.value as DisputeType)}
          options={TYPE_OPTIONS}
        />
        <Input label="Résumé" required value={summary} onChange={(event) => setSummary(event.target.value)} />
        <label className="field">
          <span className="field__label">Description détaillée (facultatif)</span>
          <textarea className="input" rows={4} value={description} onChange={(event) => setDescription(event.target.value)} />
        </label>
        <div className="form__row">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending || recorded}>
            {pending ? 'Envoi…' : 'Envoyer'}
          </Button>
        </div>
      </form>
    </div>
  );
}
