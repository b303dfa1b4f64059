import { COURSE_STATUS_LABELS, shortId } from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';

export interface StatusChange {
  courseId: string;
  newStatus: 'delivered' | 'cancelled';
}

interface StatusReasonModalProps {
  change: StatusChange;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/** Spec §5: a course status change asks for an optional reason. */
export function StatusReasonModal({ change, onCancel, onConfirm }: StatusReasonModalProps) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason);
  };
  return (
    <div className="modal-backdrop" role="presentation">
      <form className="card modal form" role="dialog" aria-modal="true" aria-labelledby="status-reason-title" onSubmit={submit}>
        <h3 id="status-reason-title" className="card__title">
          Course #{shortId(change.courseId)} : {COURSE_STATUS_LABELS[change.newStatus]}
        </h3>
        <Input label="Raison (optionnelle)" value={reason} onChange={(event) => setReason(event.target.value)} autoFocus />
        <div className="button-row">
          <Button type="submit">Confirmer</Button>
          <Button variant="secondary" onClick={onCancel}>
            Fermer
          </Button>
        </div>
      </form>
    </div>
  );
}
