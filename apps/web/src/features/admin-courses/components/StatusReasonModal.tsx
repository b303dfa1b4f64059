import { COURSE_STATUS_LABELS, formatGnf } from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/ui/FormDialog';
import { Input } from '@/components/ui/Input';

export interface StatusChange {
  courseId: string;
  /** CRS-000123: how the dialog names it. */
  courseNumber: string;
  newStatus: 'delivered' | 'cancelled';
  /** A cash course with a courier, closed as delivered: the cash he should have collected (issue 34). */
  cashToCollect?: { amount: number; courier: string };
}

interface StatusReasonModalProps {
  change: StatusChange;
  onCancel: () => void;
  onConfirm: (reason: string, cashCollected?: boolean) => void;
}

/** Spec §5: a course status change asks for an optional reason; closing a cash course, whether its cash was collected. */
export function StatusReasonModal({ change, onCancel, onConfirm }: StatusReasonModalProps) {
  const [reason, setReason] = useState('');
  const [collected, setCollected] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cash = change.newStatus === 'delivered' ? change.cashToCollect : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cash && collected === null) return setProblem('Indiquez si le livreur a encaissé les espèces.');
    onConfirm(reason, cash ? collected! : undefined);
  };
  return (
    <FormDialog title={`Course ${change.courseNumber} : ${COURSE_STATUS_LABELS[change.newStatus]}`} onSubmit={submit} onClose={onCancel} submitLabel="Confirmer">
      {cash && (
        <fieldset className="form__choices">
          <legend>
            {cash.courier} a-t-il encaissé {formatGnf(cash.amount)} en espèces ?
          </legend>
          <label>
            <input type="radio" name="cash-collected" checked={collected === true} onChange={() => setCollected(true)} /> Oui, il les a encaissés
            (ils s'ajoutent à ce qu'il doit)
          </label>
          <label>
            <input type="radio" name="cash-collected" checked={collected === false} onChange={() => setCollected(false)} /> Non, rien n'a été
            encaissé
          </label>
          {problem && <p className="form__error">{problem}</p>}
        </fieldset>
      )}
      <Input label="Raison (optionnelle)" value={reason} onChange={(event) => setReason(event.target.value)} autoFocus />
    </FormDialog>
  );
}
