import { useState, type InputHTMLAttributes } from 'react';
import { Field } from './Field';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  hint?: string;
}

export function PasswordInput({ label, hint, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <div className="password">
          <input className="input password__input" type={visible ? 'text' : 'password'} {...control} {...props} />
          <button
            type="button"
            className="password__toggle"
            aria-label="Afficher le mot de passe"
            aria-pressed={visible}
            onClick={() => setVisible(!visible)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </Field>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}
