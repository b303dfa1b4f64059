import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';

export const SECRET_MESSAGES = {
  warning: 'Copiez cette clé maintenant : elle ne sera plus affichée.',
  copy: 'Copier',
  copied: 'Copiée dans le presse-papiers.',
  copyFailed: 'La copie automatique n’est pas possible ici : sélectionnez le texte et copiez-le.',
  done: 'J’ai copié la clé',
} as const;

/**
 * A secret the API shows once (a new or rotated API key, an endpoint's `whsec_` signing secret): in a field the
 * merchant can select, with « Copier » and the warning that it will not be shown again. It lives in this component's
 * state only, never in the query cache nor the offline copies: gone at « J’ai copié la clé » or a reload. Focus comes
 * here when it appears, so a screen reader hears it at once.
 */
export function SecretPanel({ title, label, secret, note, onDone }: { title: string; label: string; secret: string; note?: string; onDone: () => void }) {
  const titleId = useId();
  const fieldId = useId();
  const panel = useRef<HTMLElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => panel.current?.focus(), [secret]);

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      field.current?.select();
      setCopy('failed');
    }
  }

  return (
    <section ref={panel} tabIndex={-1} className="card stack secret-panel" aria-labelledby={titleId}>
      <h3 id={titleId} className="card__title">
        {title}
      </h3>
      <p className="alert alert--info">{SECRET_MESSAGES.warning}</p>
      {note && <p className="muted">{note}</p>}
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          {label}
        </label>
        <textarea ref={field} id={fieldId} className="input secret-panel__value" rows={2} readOnly value={secret} onFocus={(event) => event.currentTarget.select()} spellCheck={false} />
      </div>
      <div className="button-row">
        <Button onClick={() => void copySecret()}>{SECRET_MESSAGES.copy}</Button>
        <Button variant="secondary" onClick={onDone}>
          {SECRET_MESSAGES.done}
        </Button>
      </div>
      <p role="status" className="muted">
        {copy === 'copied' ? SECRET_MESSAGES.copied : copy === 'failed' ? SECRET_MESSAGES.copyFailed : ''}
      </p>
    </section>
  );
}
