import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';

interface FormDialogProps {
  title: ReactNode;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  submitLabel: ReactNode;
  submitDisabled?: boolean;
  children: ReactNode;
}

/**
 * A back-office form in a modal dialog: its title (which names the dialog), its fields, then the submit button and
 * « Fermer ». The dialogs that assign a courier, close a course, and edit or merge a place are this one shell.
 */
export function FormDialog({ title, onSubmit, onClose, submitLabel, submitDisabled, children }: FormDialogProps) {
  const titleId = useId();
  return (
    <div className="modal-backdrop" role="presentation">
      <form className="card modal form" role="dialog" aria-modal="true" aria-labelledby={titleId} onSubmit={onSubmit}>
        <h3 id={titleId} className="card__title">
          {title}
        </h3>
        {children}
        <div className="button-row">
          <Button type="submit" disabled={submitDisabled}>
            {submitLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Fermer
          </Button>
        </div>
      </form>
    </div>
  );
}
