import { CASE_STATUS_LABELS, CASE_STATUSES, type CaseStatus } from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Select } from '@/components/ui/Select';
import { useSubmit } from '@/hooks/use-submit';

export const CASE_UPDATE_ERROR = 'Erreur lors de la mise à jour';

interface CaseFollowUpProps {
  status: CaseStatus;
  note: string | null;
  onSave: (status: CaseStatus, note: string) => Promise<void>;
}

/** Moves a case (open → in_review → resolved/rejected) with a note the client can read. */
export function CaseFollowUp({ status, note, onSave }: CaseFollowUpProps) {
  const [nextStatus, setNextStatus] = useState<CaseStatus>(status);
  const [nextNote, setNextNote] = useState(note ?? '');
  const { pending, error, run } = useSubmit(CASE_UPDATE_ERROR);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(() => onSave(nextStatus, nextNote.trim()));
  }

  const unchanged = nextStatus === status && nextNote.trim() === (note ?? '');
  return (
    <form className="form case-follow-up" onSubmit={submit}>
      {error && <Alert tone="error">{error}</Alert>}
      <Select
        label="Statut"
        options={CASE_STATUSES.map((value) => ({ value, label: CASE_STATUS_LABELS[value] }))}
        value={nextStatus}
        onChange={(event) => setNextStatus(event.target.value as CaseStatus)}
      />
      <Field label="Note (visible par le client)">
        {(control) => (
          <textarea
            className="input"
            rows={2}
            maxLength={2000}
            value={nextNote}
            onChange={(event) => setNextNote(event.target.value)}
            {...control}
          />
        )}
      </Field>
      <Button type="submit" disabled={pending || unchanged}>
        {pending ? 'Enregistrement…' : 'Mettre à jour'}
      </Button>
    </form>
  );
}
