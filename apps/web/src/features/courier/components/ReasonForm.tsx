import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';

interface ReasonFormProps<Choice extends string> {
  /** The form's title, also its accessible name. */
  title: string;
  choices: Record<Choice, string>;
  /** A refusal to show (the server's French detail). */
  problem: string | null;
  busy: boolean;
  onSubmit: (choice: Choice, note: string) => void;
  onClose: () => void;
}

/** One reason from a fixed list, « Autre » with words required (issue 38: a hand-back, an incident). */
export function ReasonForm<Choice extends string>({ title, choices, problem, busy, onSubmit, onClose }: ReasonFormProps<Choice>) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return setMissing('Choisissez un motif.');
    if (choice === 'other' && !note.trim()) return setMissing('Précisez le motif (« Autre »).');
    setMissing(null);
    onSubmit(choice, note.trim());
  };
  const name = title.replace(/\W+/g, '-').toLowerCase();
  return (
    <form className="form" aria-label={title} onSubmit={submit}>
      <fieldset className="form__choices">
        <legend>{title}</legend>
        {(Object.entries(choices) as [Choice, string][]).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name={name}
              checked={choice === value}
              onChange={() => {
                setChoice(value);
                setMissing(null);
              }}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <Field label={choice === 'other' ? 'Précisez (obligatoire)' : 'Précisions (facultatif)'}>
        {(control) => <textarea className="input" rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} {...control} />}
      </Field>
      {missing && <p className="form__error">{missing}</p>}
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="button-row">
        <Button type="submit" disabled={busy}>
          {busy ? 'Envoi...' : 'Confirmer'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Fermer
        </Button>
      </div>
    </form>
  );
}
